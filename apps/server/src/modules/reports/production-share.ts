import { roundToCents, SUPPLY_SHARE_BAND, SUPPLY_SHARE_MIN_MONTHLY_PRODUCTION, SUPPLY_SHARE_TRAILING_MONTHS, type ProductionShareFigures, type ProductionSharePeriod, type ReportLocation } from '@clinic/domain';
import type { ProductionRow } from './production-share.repo';

// Issue 36: supply spend as a share of production. Production per location and day comes from the
// best source the clinic gave: a monthly figure it typed (spread over the month's days), else a
// day's production from a CSV, else the fees of the procedures completed that day.
// Issue 50: the share is judged over whole months (the last full month and the trailing three),
// never the dashboard's range: six days of deliveries against one visit read as 247%.

export interface DayRange {
  start: string;
  end: string;
}

/** Whole calendar months, oldest first: their days and how many there are. */
export interface MonthsRange extends DayRange {
  months: number;
}

const daysInMonth = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
const monthStart = (today: string, back: number) => new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 - back, 1)).toISOString().slice(0, 10);

/**
 * The months the share is judged over, from today (a UTC day): the last full month, and the
 * trailing SUPPLY_SHARE_TRAILING_MONTHS full months ending with it. On 2026-12-06: November, and
 * September to November.
 */
export function judgedMonths(today: string): { lastMonth: MonthsRange; trailing: MonthsRange } {
  const start = monthStart(today, 1);
  const end = `${start.slice(0, 8)}${String(daysInMonth(start.slice(0, 7))).padStart(2, '0')}`;
  return {
    lastMonth: { start, end, months: 1 },
    trailing: { start: monthStart(today, SUPPLY_SHARE_TRAILING_MONTHS), end, months: SUPPLY_SHARE_TRAILING_MONTHS },
  };
}

/** Each day of the range, oldest first. */
function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${range.start}T00:00:00Z`); t <= Date.parse(`${range.end}T00:00:00Z`); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

type Production = { production: number; sources: ProductionShareFigures['sources'] };

/** One location's production over the range, by source, from its rows (pure: the rules above). */
export function productionOf(rows: readonly ProductionRow[], range: DayRange): Production {
  const typed = new Map<string, number>();
  const byDay = new Map<string, { csv?: number; procedures?: number }>();
  for (const r of rows) {
    if (r.source === 'typed') typed.set(r.day.slice(0, 7), Number(r.amount));
    else byDay.set(r.day, { ...byDay.get(r.day), [r.source]: Number(r.amount) });
  }
  const sources = { procedures: 0, csv: 0, typed: 0 };
  for (const day of daysOf(range)) {
    const month = day.slice(0, 7);
    const monthly = typed.get(month);
    if (monthly !== undefined) sources.typed += monthly / daysInMonth(month);
    else if (byDay.get(day)?.csv !== undefined) sources.csv += byDay.get(day)!.csv!;
    else sources.procedures += byDay.get(day)?.procedures ?? 0;
  }
  const rounded = { procedures: roundToCents(sources.procedures), csv: roundToCents(sources.csv), typed: roundToCents(sources.typed) };
  return { production: roundToCents(sources.procedures + sources.csv + sources.typed), sources: rounded };
}

/** The share over whole months; `enough` says whether every one of them had enough production to judge it. */
export function shareFigures(supplySpend: number, production: Production, enough: boolean): ProductionShareFigures {
  return {
    supply_spend: roundToCents(supplySpend),
    production: production.production,
    share: production.production > 0 ? Math.round((supplySpend / production.production) * 10_000) / 10_000 : null,
    enough_production: enough,
    sources: production.sources,
  };
}

/** The whole months of a range, each as its own range, oldest first. */
function monthsOf(range: MonthsRange): DayRange[] {
  return Array.from({ length: range.months }, (_, i) => {
    const start = monthStart(range.end, range.months - 1 - i);
    return { start, end: `${start.slice(0, 8)}${String(daysInMonth(start.slice(0, 7))).padStart(2, '0')}` };
  });
}

/**
 * Each month must reach SUPPLY_SHARE_MIN_MONTHLY_PRODUCTION: a quarter whose one month was typed
 * and two were never recorded would otherwise read 33% from a month's production against three
 * months' supplies.
 */
const enoughEachMonth = (monthly: readonly number[]) => monthly.every((production) => production >= SUPPLY_SHARE_MIN_MONTHLY_PRODUCTION);

/** One period of the report: each location's share and the total of them all (unrounded sums, rounded once). */
export function sharePeriod(range: MonthsRange, locations: readonly ReportLocation[], spendOf: (companyId: string) => number, rows: readonly ProductionRow[]): ProductionSharePeriod {
  const months = monthsOf(range);
  const perLocation = locations.map((l) => {
    const own = rows.filter((r) => r.company_id === l.id);
    const monthly = months.map((m) => productionOf(own, m).production);
    return { ...l, monthly, figures: shareFigures(spendOf(l.id), productionOf(own, range), enoughEachMonth(monthly)) };
  });
  const total = perLocation.reduce(
    (sum, l) => ({ spend: sum.spend + spendOf(l.id), production: sum.production + l.figures.production, procedures: sum.procedures + l.figures.sources.procedures, csv: sum.csv + l.figures.sources.csv, typed: sum.typed + l.figures.sources.typed }),
    { spend: 0, production: 0, procedures: 0, csv: 0, typed: 0 },
  );
  const monthlyTotals = months.map((_, i) => perLocation.reduce((sum, l) => sum + l.monthly[i]!, 0));
  const sources = { procedures: roundToCents(total.procedures), csv: roundToCents(total.csv), typed: roundToCents(total.typed) };
  return {
    start_date: range.start,
    end_date: range.end,
    first_month: range.start.slice(0, 7),
    last_month: range.end.slice(0, 7),
    totals: shareFigures(total.spend, { production: roundToCents(total.production), sources }, enoughEachMonth(monthlyTotals)),
    locations: perLocation.map(({ monthly: _monthly, ...l }) => l),
  };
}

export const BAND = { ...SUPPLY_SHARE_BAND };
