import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@clinic/domain';
import { profileFor } from '../../test/fixtures';
import { endTourForSession } from './tour-session';
import { useTourAutoStart } from './use-tour-auto-start';

const NOW = new Date('2026-11-25T12:00:00.000Z');
const due = (overrides: Partial<Profile> = {}) => profileFor('company_member', { hideTour: false, remindTourAfter: null, ...overrides });

function renderAutoStart(profile: Profile | undefined, paused = false) {
  const start = vi.fn();
  const view = renderHook((props: { profile: Profile | undefined; paused: boolean }) => { useTourAutoStart({ ...props, running: false, start }); }, {
    initialProps: { profile, paused },
  });
  return { start, ...view };
}

const wait = (ms: number) => { act(() => { vi.advanceTimersByTime(ms); }); };

describe('the guided tour starts by itself (spec sections 4 and 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('500 ms after the profile is there, not before', () => {
    const { start } = renderAutoStart(due());
    wait(499);
    expect(start).not.toHaveBeenCalled();
    wait(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('once a reminder has run out', () => {
    const { start } = renderAutoStart(due({ remindTourAfter: '2026-11-25T11:59:59.000Z' }));
    wait(500);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('never after "I got it, don\'t show again"', () => {
    const { start } = renderAutoStart(due({ hideTour: true }));
    wait(5000);
    expect(start).not.toHaveBeenCalled();
  });

  it('not while a "Remind me later" is pending', () => {
    const { start } = renderAutoStart(due({ remindTourAfter: '2026-11-26T11:00:00.000Z' }));
    wait(5000);
    expect(start).not.toHaveBeenCalled();
  });

  it('not again in a sign-in where it was finished or skipped', () => {
    const profile = due();
    endTourForSession(profile.id);
    const { start } = renderAutoStart(profile);
    wait(5000);
    expect(start).not.toHaveBeenCalled();
  });

  it('before the profile loads: waits for it, then 500 ms', () => {
    const { start, rerender } = renderAutoStart(undefined);
    wait(5000);
    expect(start).not.toHaveBeenCalled();
    rerender({ profile: due(), paused: false });
    wait(500);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('while another screen comes first (the welcome page), then 500 ms after it goes', () => {
    const { start, rerender } = renderAutoStart(due(), true);
    wait(5000);
    expect(start).not.toHaveBeenCalled();
    rerender({ profile: due(), paused: false });
    wait(499);
    expect(start).not.toHaveBeenCalled();
    wait(1);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
