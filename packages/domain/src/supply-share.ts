/**
 * Supply spend as a share of production (issue 50, item 11): its rule and texts without zod, so the
 * dashboard's card loads none (issue 37); reports.ts re-exports them beside its schemas.
 */

/**
 * Too little production to judge (issue 50): less than $10,000 of production a month. A single
 * chair produces $40,000 or more in a month, so a month under $10,000 means its production was
 * only partly recorded (a handful of visits imported, the typed figure missing), and one ordinary
 * supply order of $1,000-$2,000 then reads as 10-20 points above the band: the demo's Downtown
 * showed 247% from $393 of production in six days. Below it the share is not judged. Over several
 * months every month must reach it: one month typed and two never recorded read as 33%.
 */
export const SUPPLY_SHARE_MIN_MONTHLY_PRODUCTION = 10_000;

/** How many whole months back the longer period reaches (the last full month is the first). */
export const SUPPLY_SHARE_TRAILING_MONTHS = 3;

const minimumText = `$${SUPPLY_SHARE_MIN_MONTHLY_PRODUCTION.toLocaleString('en-US')}`;

export const SUPPLY_SHARE_MESSAGES = {
  /** The card, when the months have too little production recorded to judge the share. */
  tooLittleProduction: `Too little production recorded to judge: the share needs at least ${minimumText} of production a month. Import completed procedures or type the month’s production under Practice system.`,
  noProduction: 'No production recorded for these months: import completed procedures or type the month’s production under Practice system.',
} as const;
