import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { launchDevice, visitsOf } from './offline-device';
import { DEMO, screenshot, signIn, signOut, skipWelcome, toast } from './helpers';

/**
 * Issue 52, items 2 and 6: what the chair needs (the location's treatments with their trays, the
 * lots, the visits waiting from the practice system) is kept on the device per user and location,
 * so /treatment-execution opens and works with the network off, after a reload and after the
 * browser restarts, with the age of what it shows ("as of"); a visit recorded then is queued and
 * sent once when the network is back. Signing out clears what was kept, and the next user on the
 * same browser sees none of it. The service worker is let in here: it serves the app offline.
 */

const QUEUED = 'Kept on this device: the visit will be sent when the network is back.';
const AS_OF = /Offline: treatments and visits waiting from the practice system as of \d{1,2}:\d{2} [AP]M\./;
const NOTHING_KEPT = 'Offline, and nothing is kept on this device yet';

/** The keys of what the chair kept in this browser (IndexedDB 'clinic-chair-kept'). */
const keptKeys = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('clinic-chair-kept');
        open.onupgradeneeded = () => { open.result.createObjectStore('queries'); };
        open.onerror = () => { reject(new Error('IndexedDB would not open')); };
        open.onsuccess = () => {
          const keys = open.result.transaction('queries').objectStore('queries').getAllKeys();
          keys.onsuccess = () => {
            resolve(keys.result.map(String));
            open.result.close();
          };
        };
      }),
  );

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('access_token') ?? '');
const subjectOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

/** The chair opened offline: the page, what it kept and its age. */
async function expectChairOffline(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Execute treatment' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: AS_OF })).toBeVisible();
  // The treatments are searched among those kept on the device.
  const treatments = page.getByRole('combobox', { name: 'Treatments' });
  await treatments.fill('prophylaxis');
  await expect(page.getByRole('option', { name: 'D1110 · Prophylaxis, adult' })).toBeVisible();
  await page.keyboard.press('Escape');
  await treatments.fill('');
}

test('the chair opens offline with what it kept, after a reload and a restart; a visit recorded then goes once; sign-out clears it for the next user', async ({ baseURL }) => {
  test.setTimeout(240_000);
  const chart = `KP-${String(Date.now()).slice(-6)}`;
  const userDataDir = mkdtempSync(join(tmpdir(), 'chair-kept-'));
  let { context, page } = await launchDevice(userDataDir, baseURL!, 'allow');
  try {
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    const token = await tokenOf(page);
    await page.goto('/treatment-execution');
    await expect(page.getByRole('heading', { name: 'Execute treatment' })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 60_000, message: 'a service worker controls the page' })
      .not.toBeNull();
    // Kept while online: the treatments (with their trays) and the waiting visits, under the user.
    await expect.poll(async () => (await keptKeys(page)).filter((key) => key.startsWith(`chair-kept:${subjectOf(token)}:`)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

    // Offline, and the page reloaded: it opens from the device.
    await context.setOffline(true);
    await page.reload();
    await expectChairOffline(page);

    // The browser restarted offline with the same storage.
    await context.close();
    ({ context, page } = await launchDevice(userDataDir, baseURL!, 'allow'));
    await context.setOffline(true);
    await page.goto('/treatment-execution');
    await expectChairOffline(page);

    // A visit recorded offline is queued on the device.
    await page.getByRole('combobox', { name: 'Patient chart number' }).fill(chart);
    await page.getByRole('combobox', { name: 'Treatments' }).fill('D1110');
    await page.getByRole('option', { name: 'D1110 · Prophylaxis, adult' }).click();
    await expect(page.getByRole('region', { name: 'Tray' }).getByRole('listitem')).toHaveCount(3);
    await page.getByRole('button', { name: 'Save procedure' }).click();
    await expect(toast(page, QUEUED).last()).toBeVisible();
    const notSent = page.getByRole('region', { name: 'Not sent yet' });
    await expect(notSent.getByRole('listitem', { name: `${chart}: Prophylaxis, adult` })).toContainText('Waiting to send');
    for (const width of [390, 820]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 1180 });
      await page.evaluate(() => { window.scrollTo(0, 0); });
      await screenshot(page, `chair-kept-offline-${String(width)}`);
    }
    await page.setViewportSize({ width: 820, height: 1180 });
    expect(await visitsOf(page, token, chart)).toBe(0);

    // Back online: the visit goes, once.
    await context.setOffline(false);
    await expect(notSent).toHaveCount(0, { timeout: 30_000 });
    await expect.poll(() => visitsOf(page, token, chart)).toBe(1);
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: AS_OF })).toHaveCount(0);
    expect(await visitsOf(page, token, chart)).toBe(1);

    // Signing out clears what the chair kept.
    await signOut(page);
    await expect.poll(() => keptKeys(page)).toEqual([]);

    // The next user on this browser, offline at the chair, finds nothing of the first user's.
    await signIn(page, DEMO.assistant);
    await skipWelcome(page);
    await context.setOffline(true);
    await page.goto('/treatment-execution');
    await expect(page.getByRole('heading', { name: 'Execute treatment' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: NOTHING_KEPT })).toBeVisible();
    await page.getByRole('combobox', { name: 'Treatments' }).fill('prophylaxis');
    await expect(page.getByRole('option', { name: 'D1110 · Prophylaxis, adult' })).toHaveCount(0);
    expect(await keptKeys(page)).toEqual([]);
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
});
