/** Spec section 9: the guided tour waits 500 ms after the app opens, so it points at a drawn page. */
export const TOUR_START_DELAY_MS = 500;
/** Spec section 9: 'Remind me later' puts the tour off for one day. */
export const TOUR_REMINDER_DELAY_MS = 24 * 60 * 60 * 1000;

/** The spec's words for the tour's two lasting choices (section 4). */
export const TOUR_CHOICES = {
  hide: "I got it, don't show again",
  remind: 'Remind me later',
} as const;

export interface TourPreferences {
  hideTour: boolean;
  remindTourAfter: string | null;
}

/**
 * Is the tour offered on its own? Not once the user chose 'I got it, don't show again', and not
 * before a 'Remind me later' runs out. A reminder that cannot be read does not hide the tour for ever.
 */
export function isTourDue(user: TourPreferences, now: Date): boolean {
  if (user.hideTour) return false;
  if (user.remindTourAfter === null) return true;
  const remindAt = Date.parse(user.remindTourAfter);
  return Number.isNaN(remindAt) || remindAt <= now.getTime();
}

/** When a 'Remind me later' chosen now runs out, as the API takes it (ISO 8601). */
export function tourReminderDate(now: Date): string {
  return new Date(now.getTime() + TOUR_REMINDER_DELAY_MS).toISOString();
}
