import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { setToken } from '../auth-token';
import { fakeToken } from '../../test/fixtures';
import { forgetKept, keptOnDevice } from './kept-on-device';
import { keptStorage } from './kept-store';

const ANA = '11111111-1111-4111-8111-111111111111';
const BEN = '22222222-2222-4222-8222-222222222222';
const NORTH = '33333333-3333-4333-8333-333333333333';
const SOUTH = '44444444-4444-4444-8444-444444444444';
const KEY = ['chair', 'treatments'] as const;

const signIn = (userId: string, locationId = NORTH) => { setToken(fakeToken('assistant', { sub: userId, company_id: locationId })); };

/**
 * The chair opened in a fresh tab (a new QueryClient, nothing in memory): what its query shows
 * first (the kept answer, or the server's when nothing is kept), and what the server was asked.
 */
async function openChair(server: () => Promise<string[]>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let asked = 0;
  const first = await client.fetchQuery({
    queryKey: KEY,
    queryFn: () => { asked += 1; return server(); },
    ...keptOnDevice<string[], typeof KEY>(),
  });
  // The refresh after a restore, and the write of the server's answer, run in macrotasks.
  await new Promise((resolve) => setTimeout(resolve, 20));
  await client.getQueryCache().find({ queryKey: KEY })?.promise?.catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { first, now: client.getQueryData<string[]>(KEY), asked: () => asked };
}

const offline = () => Promise.reject(new TypeError('Failed to fetch'));

afterEach(async () => {
  await forgetKept();
  localStorage.clear();
});

describe('what the chair keeps on the device', () => {
  it('shows the kept answer offline, to the user and location that kept it', async () => {
    signIn(ANA);
    await openChair(async () => ['Filling']);
    const again = await openChair(offline);
    expect(again.first).toEqual(['Filling']);
    expect(again.now).toEqual(['Filling']);
  });

  it('asks the server again after restoring, and its fresher answer replaces the kept one, on screen and on the device', async () => {
    signIn(ANA);
    await openChair(async () => ['Filling']);
    const online = await openChair(async () => ['Filling', 'Crown']);
    expect(online.first).toEqual(['Filling']);
    expect(online.asked()).toBe(1);
    expect(online.now).toEqual(['Filling', 'Crown']);
    const later = await openChair(offline);
    expect(later.first).toEqual(['Filling', 'Crown']);
  });

  it('never shows one user’s kept answer to another user on the same browser', async () => {
    signIn(ANA);
    await openChair(async () => ['Ana’s implant']);
    signIn(BEN);
    await expect(openChair(offline)).rejects.toThrow('Failed to fetch');
  });

  it('never shows one location’s kept answer at another location of the same user', async () => {
    signIn(ANA, NORTH);
    await openChair(async () => ['North tray']);
    signIn(ANA, SOUTH);
    await expect(openChair(offline)).rejects.toThrow('Failed to fetch');
    signIn(ANA, NORTH);
    expect((await openChair(offline)).first).toEqual(['North tray']);
  });

  it('keeps nothing without a session', async () => {
    localStorage.clear();
    await openChair(async () => ['Filling']);
    expect(await keptStorage.entries?.()).toEqual([]);
  });

  it('forgets everything kept, of every user, when a session ends', async () => {
    signIn(ANA);
    await openChair(async () => ['Filling']);
    signIn(BEN);
    await openChair(async () => ['Crown']);
    expect(await keptStorage.entries?.()).toHaveLength(2);
    await forgetKept();
    expect(await keptStorage.entries?.()).toEqual([]);
    signIn(ANA);
    await expect(openChair(offline)).rejects.toThrow('Failed to fetch');
  });
});
