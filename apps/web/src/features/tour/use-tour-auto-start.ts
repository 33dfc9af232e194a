import { useEffect } from 'react';
import { isTourDue, TOUR_START_DELAY_MS, type Profile } from '@clinic/domain';
import { tourEndedForSession } from './tour-session';

interface AutoStartOptions {
  profile: Profile | undefined;
  /** Another screen has the user's attention first (the welcome page, the pending-approval dialog). */
  paused: boolean;
  running: boolean;
  start: () => void;
}

/**
 * Spec section 4: the tour starts by itself 500 ms after the app shows a page, when the user has
 * not hidden it, no reminder is pending and it was not finished or skipped in this sign-in.
 */
export function useTourAutoStart({ profile, paused, running, start }: AutoStartOptions): void {
  useEffect(() => {
    if (!profile || paused || running) return undefined;
    if (!isTourDue(profile, new Date()) || tourEndedForSession(profile.id)) return undefined;
    const timer = setTimeout(start, TOUR_START_DELAY_MS);
    return () => { clearTimeout(timer); };
  }, [profile, paused, running, start]);
}
