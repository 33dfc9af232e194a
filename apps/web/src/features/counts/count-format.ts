import { formatDollars, unitCount } from '../../lib/format';

/** "92%" of the counted lots matched the books; a dash while the count is blind or nothing is counted. */
export function formatAccuracy(accuracy: number | null): string {
  return accuracy === null ? '—' : `${String(Math.round(accuracy * 1000) / 10)}%`;
}

/** Shelf minus books with its sign: "+2 units", "−3 units", "0 units". */
export function formatVarianceUnits(units: number): string {
  if (units === 0) return unitCount(0);
  return `${units > 0 ? '+' : '−'}${unitCount(Math.abs(units))}`;
}

/** "−3 units · −$6.00"; a dash while the count is blind. */
export function formatVariance(units: number | null, value: number | null): string {
  if (units === null || value === null) return '—';
  const money = value === 0 ? formatDollars(0) : `${value > 0 ? '+' : '−'}${formatDollars(Math.abs(value))}`;
  return `${formatVarianceUnits(units)} · ${money}`;
}
