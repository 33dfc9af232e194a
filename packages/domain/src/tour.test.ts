import { describe, expect, it } from 'vitest';
import { isTourDue, TOUR_REMINDER_DELAY_MS, TOUR_START_DELAY_MS, tourReminderDate } from './index';

const now = new Date('2026-11-25T12:00:00.000Z');

describe('guided tour (spec sections 4 and 9)', () => {
  it('keeps the spec constants: one day to remind, 500 ms to start', () => {
    expect(TOUR_REMINDER_DELAY_MS).toBe(86_400_000);
    expect(TOUR_START_DELAY_MS).toBe(500);
  });

  it('is due for a user who never chose', () => {
    expect(isTourDue({ hideTour: false, remindTourAfter: null }, now)).toBe(true);
  });

  it('is never due once hidden, even after a reminder ran out', () => {
    expect(isTourDue({ hideTour: true, remindTourAfter: null }, now)).toBe(false);
    expect(isTourDue({ hideTour: true, remindTourAfter: '2026-11-01T00:00:00.000Z' }, now)).toBe(false);
  });

  it('waits for a reminder to run out, and is due from that moment', () => {
    expect(isTourDue({ hideTour: false, remindTourAfter: '2026-11-25T12:00:00.001Z' }, now)).toBe(false);
    expect(isTourDue({ hideTour: false, remindTourAfter: '2026-11-25T12:00:00.000Z' }, now)).toBe(true);
    expect(isTourDue({ hideTour: false, remindTourAfter: '2026-11-24T08:00:00.000Z' }, now)).toBe(true);
  });

  it('does not let an unreadable reminder hide the tour for ever', () => {
    expect(isTourDue({ hideTour: false, remindTourAfter: 'soon' }, now)).toBe(true);
  });

  it('reminds one day later', () => {
    expect(tourReminderDate(now)).toBe('2026-11-26T12:00:00.000Z');
  });
});
