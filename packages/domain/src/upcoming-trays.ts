import { z } from './zod';
import { IsoDateTimeSchema, IsoDaySchema, UuidSchema } from './fields';

/**
 * Upcoming trays (issue 36): the procedures planned on the appointments of the next days, what
 * their treatments' trays will take and where the shelf falls short, day by day, lots spent first
 * expiry first as the chair spends them.
 */
export const UPCOMING_DAYS = 14;

/** The schedule any PMS can export: one row per procedure planned on an appointment. */
export const SCHEDULE_IMPORT_COLUMNS = [
  { key: 'date', header: 'Date', required: true, example: '2026-12-03' },
  { key: 'time', header: 'Time', required: false, example: '09:30' },
  { key: 'chart_number', header: 'Chart Number', required: true, example: 'PT-1042' },
  { key: 'procedure_code', header: 'Procedure Code', required: true, example: 'D6010' },
  { key: 'quantity', header: 'Quantity', required: false, example: '1' },
] as const;
export type ScheduleImportField = (typeof SCHEDULE_IMPORT_COLUMNS)[number]['key'];
export const MAX_SCHEDULE_IMPORT_ROWS = 5_000;

export const UPCOMING_MESSAGES = {
  timeFormat: 'Time must be like 09:30',
  quantityFormat: 'Quantity must be a whole number from 1 to 99',
  pastDay: 'The day has passed: only appointments from today on are planned',
} as const;

/** The template users download next to the schedule upload. */
export function scheduleImportTemplateCsv(): string {
  return `${SCHEDULE_IMPORT_COLUMNS.map((c) => c.header).join(',')}\n${SCHEDULE_IMPORT_COLUMNS.map((c) => c.example).join(',')}\n`;
}

export const ScheduleImportResultSchema = z.object({
  total_rows: z.number().int(),
  /** Procedures now planned from the file. */
  imported: z.number().int(),
  /** The days the file gave: what was planned on them before is replaced. */
  days: z.array(IsoDaySchema),
  failed: z.number().int(),
  rows: z.array(z.object({ row_number: z.number().int(), status: z.enum(['imported', 'failed']), reason: z.string().nullable() })),
});
export type ScheduleImportResult = z.infer<typeof ScheduleImportResultSchema>;

export const UpcomingNeedSchema = z.object({
  product_id: UuidSchema,
  product_name: z.string(),
  /** Units the day's trays take. */
  needed: z.number(),
  /** Units usable that day: in lots not expired by then, after the earlier days' trays. */
  usable: z.number(),
  short: z.number(),
  /** The treatments that take it, with how many procedures. */
  treatments: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type UpcomingNeed = z.infer<typeof UpcomingNeedSchema>;

export const UpcomingDaySchema = z.object({
  day: IsoDaySchema,
  appointments: z.number().int(),
  procedures: z.array(z.object({ code: z.string(), treatment: z.object({ id: UuidSchema, name: z.string() }).nullable(), count: z.number().int() })),
  needs: z.array(UpcomingNeedSchema),
  /** One line per product short that day, e.g. "Thursday 12-03: 3 × Implant placement need 3 × ...; 1 usable". */
  warnings: z.array(z.string()),
});
export type UpcomingDay = z.infer<typeof UpcomingDaySchema>;

export const UpcomingTraysSchema = z.object({
  from: IsoDaySchema,
  to: IsoDaySchema,
  days: z.array(UpcomingDaySchema),
  /** Codes planned but mapped to no treatment: their trays are not counted. */
  unmapped: z.array(z.object({ code: z.string(), count: z.number().int() })),
  /** When the schedule was last read from the PMS (null: never; the CSV path says nothing here). */
  read_at: IsoDateTimeSchema.nullable(),
});
export type UpcomingTrays = z.infer<typeof UpcomingTraysSchema>;

export interface PlannedProcedure {
  day: string;
  appointmentRef: string;
  code: string;
  quantity: number;
  treatment: { id: string; name: string } | null;
}

export interface TrayItem {
  productId: string;
  productName: string;
  quantity: number;
}

export interface UsableLot {
  productId: string;
  /** Null: does not expire. */
  expiryDate: string | null;
  units: number;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const round = (n: number) => Math.round(n * 1000) / 1000;

/** "Thursday 12-03": the weekday, and the date as the UI writes it, since two weeks hold two Thursdays. */
export function dayLabel(day: string): string {
  const [, month, date] = day.split('-');
  return `${WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]!} ${month!}-${date!}`;
}

/** "Thursday 12-03: 3 × Implant placement need 3 × Straumann BLX 4.0 x 10 mm; 1 usable". */
export function shortfallWarning(day: string, need: Pick<UpcomingNeed, 'product_name' | 'needed' | 'usable' | 'treatments'>): string {
  const who = need.treatments.map((t) => `${String(t.count)} × ${t.name}`).join(' and ');
  return `${dayLabel(day)}: ${who} need ${String(need.needed)} × ${need.product_name}; ${String(need.usable)} usable`;
}

/**
 * Day by day, what the planned procedures' trays take of each product and what is usable then:
 * lots that expire before a day do not count for it, and each day's trays are taken from the
 * lots that expire first (as the chair takes them), so a later day sees what the earlier left.
 */
export function planUpcomingTrays(procedures: readonly PlannedProcedure[], trays: ReadonlyMap<string, readonly TrayItem[]>, lots: readonly UsableLot[]): Pick<UpcomingTrays, 'days' | 'unmapped'> {
  const unmapped = new Map<string, number>();
  const byDay = new Map<string, PlannedProcedure[]>();
  for (const p of procedures) {
    if (!p.treatment) unmapped.set(p.code, (unmapped.get(p.code) ?? 0) + p.quantity);
    byDay.set(p.day, [...(byDay.get(p.day) ?? []), p]);
  }
  // What is left of each lot, soonest expiry first (lots that never expire last).
  const shelves = new Map<string, { expiryDate: string | null; units: number }[]>();
  for (const lot of lots) shelves.set(lot.productId, [...(shelves.get(lot.productId) ?? []), { expiryDate: lot.expiryDate, units: lot.units }]);
  for (const shelf of shelves.values()) shelf.sort((a, b) => (a.expiryDate ?? '9999-12-31').localeCompare(b.expiryDate ?? '9999-12-31'));

  const days: UpcomingDay[] = [];
  for (const day of [...byDay.keys()].sort()) {
    const planned = byDay.get(day)!;
    const codes = new Map<string, UpcomingDay['procedures'][number]>();
    const needs = new Map<string, UpcomingNeed & { counts: Map<string, number> }>();
    for (const p of planned) {
      const entry = codes.get(p.code) ?? { code: p.code, treatment: p.treatment, count: 0 };
      entry.count += p.quantity;
      codes.set(p.code, entry);
      if (!p.treatment) continue;
      for (const item of trays.get(p.treatment.id) ?? []) {
        const need = needs.get(item.productId) ?? { product_id: item.productId, product_name: item.productName, needed: 0, usable: 0, short: 0, treatments: [], counts: new Map<string, number>() };
        need.needed += item.quantity * p.quantity;
        need.counts.set(p.treatment.name, (need.counts.get(p.treatment.name) ?? 0) + p.quantity);
        needs.set(item.productId, need);
      }
    }
    const dayNeeds: UpcomingNeed[] = [];
    for (const { counts, ...need } of [...needs.values()].sort((a, b) => a.product_name.localeCompare(b.product_name))) {
      const shelf = (shelves.get(need.product_id) ?? []).filter((lot) => lot.expiryDate === null || lot.expiryDate >= day);
      const usable = shelf.reduce((sum, lot) => sum + lot.units, 0);
      let take = need.needed;
      for (const lot of shelf) {
        const taken = Math.min(lot.units, take);
        lot.units -= taken;
        take -= taken;
      }
      dayNeeds.push({ ...need, needed: round(need.needed), usable: round(usable), short: round(Math.max(0, need.needed - usable)), treatments: [...counts].map(([name, count]) => ({ name, count })) });
    }
    days.push({
      day,
      appointments: new Set(planned.map((p) => p.appointmentRef)).size,
      procedures: [...codes.values()].sort((a, b) => b.count - a.count || a.code.localeCompare(b.code)),
      needs: dayNeeds,
      warnings: dayNeeds.filter((n) => n.short > 0).map((n) => shortfallWarning(day, n)),
    });
  }
  return { days, unmapped: [...unmapped].map(([code, count]) => ({ code, count })).sort((a, b) => b.count - a.count || a.code.localeCompare(b.code)) };
}

/**
 * The units of each product the planned trays take up to `lastDay` (the reorder levels' scheduled
 * need over the lead time, and over the lead time and the review period).
 */
export function scheduledUnits(procedures: readonly PlannedProcedure[], trays: ReadonlyMap<string, readonly TrayItem[]>, lastDay: string): Map<string, number> {
  const units = new Map<string, number>();
  for (const p of procedures) {
    if (!p.treatment || p.day > lastDay) continue;
    for (const item of trays.get(p.treatment.id) ?? []) units.set(item.productId, (units.get(item.productId) ?? 0) + item.quantity * p.quantity);
  }
  return units;
}
