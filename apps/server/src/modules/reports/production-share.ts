import { roundToCents, SUPPLY_SHARE_BAND, type ProductionShareFigures } from '@clinic/domain';
import type { ProductionRow } from './production-share.repo';

// Issue 36: supply spend as a share of production. Production per location and day comes from the
// best source the clinic gave: a monthly figure it typed (spread over the month's days), else a
// day's production from a CSV, else the fees of the procedures completed that day.

export interface DayRange {
  start: string;
  end: string;
}

const daysInMonth = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();

/** Each day of the range, oldest first. */
function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${range.start}T00:00:00Z`); t <= Date.parse(`${range.end}T00:00:00Z`); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** One location's production over the range, by source, from its rows (pure: the rules above). */
export function productionOf(rows: readonly ProductionRow[], range: DayRange): { production: number; sources: ProductionShareFigures['sources'] } {
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

export function shareFigures(supplySpend: number, production: { production: number; sources: ProductionShareFigures['sources'] }): ProductionShareFigures {
  return { supply_spend: roundToCents(supplySpend), production: production.production, share: production.production > 0 ? Math.round((supplySpend / production.production) * 10_000) / 10_000 : null, sources: production.sources };
}

export const BAND = { ...SUPPLY_SHARE_BAND };
