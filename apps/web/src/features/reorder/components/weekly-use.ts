import type { ProductReorder } from '@clinic/domain';

export interface WeekOfUse {
  /** The week's first day (ISO). */
  start: string;
  units: number;
}

/** Twelve weeks of daily use as weeks, oldest first: a bar a week reads better than 84 slivers. */
export function weeklyUse(history: ProductReorder['history']): WeekOfUse[] {
  const weeks: WeekOfUse[] = [];
  // Whole weeks ending yesterday: a leading part week (history not a multiple of 7) is left out.
  for (let end = history.length; end - 7 >= 0; end -= 7) {
    const days = history.slice(end - 7, end);
    weeks.unshift({ start: days[0]!.day, units: Math.round(days.reduce((sum, d) => sum + d.units, 0) * 1000) / 1000 });
  }
  return weeks;
}
