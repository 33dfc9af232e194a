import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { cutOff, launchDevice, reconnect } from './offline-device';
import { DEMO, lotOnOwnShelf, screenshot, signIn, signOut, skipWelcome, toast } from './helpers';

/**
 * Issue 52, item 3: at the shelf, a use recorded at /inventory and a line of a cycle count's sheet
 * saved without a network are kept on the device (the outbox, IndexedDB), survive a reload and a
 * restarted browser, and are sent once each when the network is back, as the user who made them;
 * another user on the same browser never sees or sends them. The count stays blind: the books'
 * figure shows only once the server has the line. As in chair-offline.spec.ts, the app is not
 * reloaded offline (installable.spec.ts shows the service worker does that): for the reload and the
 * restart the shelf's write routes are out of reach instead, which keeps the queue just the same.
 */

const USE_QUEUED = 'Kept on this device: the use will be sent when the network is back.';
const COUNT_QUEUED = 'Kept on this device: the count will be sent when the network is back.';
const WRITE_ROUTES = ['**/api/stock/consume', '**/api/counts/*/lines/*', '**/api/counts/*/found'];

const notSent = (page: Page) => page.getByRole('region', { name: 'Not sent yet' });
const sheetLine = (page: Page, subject: string) => page.getByRole('list', { name: 'Count sheet' }).getByRole('listitem', { name: subject });
const entry = (page: Page, label: string) => notSent(page).getByRole('listitem', { name: label });
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('access_token') ?? '');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** What the server holds, read through the API: the lot's units left and the count's line. */
async function serverState(request: APIRequestContext, token: string, ids: { productId: string; countId: string }) {
  const stock = await request.get('/api/stock', { headers: bearer(token), params: { productId: ids.productId, currentPage: 1, perPage: 5 } });
  expect(stock.ok()).toBe(true);
  const lines = await request.get(`/api/counts/${ids.countId}/lines`, { headers: bearer(token) });
  expect(lines.ok()).toBe(true);
  const count = await request.get(`/api/counts/${ids.countId}`, { headers: bearer(token) });
  return {
    unitsLeft: ((await stock.json()) as { results: { units_left: number }[] }).results[0]!.units_left,
    counted: ((await lines.json()) as { results: { counted_units: number | null }[] }).results.map((l) => l.counted_units),
    countedLines: ((await count.json()) as { counted: number }).counted,
  };
}

/** In-app navigation (no reload): the pages' answers kept in memory stay for the offline work. */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('a use and a count line saved offline survive a reload and a restart, go once each when back, and another user never sends them', async ({ baseURL, browser }) => {
  test.setTimeout(240_000);
  const stamp = String(Date.now()).slice(-7);
  const name = `Shelf Gauze ${stamp}`;
  const lot = `SH-${stamp}`;
  const placeName = `Basement shelf ${stamp}`;

  // The manager: a product with one lot of 20 units in a place of its own, and a count of that place.
  const desk = await browser.newPage();
  await signIn(desk, DEMO.manager);
  await skipWelcome(desk);
  const managerToken = await tokenOf(desk);
  const headers = bearer(managerToken);
  const { product, place } = await lotOnOwnShelf(desk, headers, { name, placeName, lot });
  const started = await desk.request.post('/api/counts', { headers, data: { scope: 'place', place_id: place.id } });
  expect(started.status(), 'no other count under way at this location').toBe(201);
  const countId = ((await started.json()) as { id: string }).id;
  const ids = { productId: product.id, countId };

  const userDataDir = mkdtempSync(join(tmpdir(), 'shelf-offline-'));
  let { context, page } = await launchDevice(userDataDir, baseURL!);
  try {
    await signIn(page, DEMO.member);
    await skipWelcome(page);

    // Online: the count's sheet, then /inventory with the product found, as the shelf opens them.
    await page.goto(`/counts/${countId}`);
    const subject = `${name} lot ${lot}`;
    const useLabel = `${name}: 2 units used`;
    const countLabel = `${subject}: 18 counted`;
    await expect(sheetLine(page, subject)).toBeVisible();
    await goInApp(page, '/inventory');
    await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
    const useUnits = page.getByRole('button', { name: 'Use units' });
    await expect(useUnits).toBeEnabled();

    // Offline: a use of 2 units.
    await context.setOffline(true);
    await useUnits.click();
    const dialog = page.getByRole('dialog', { name: 'Record consumption' });
    await dialog.getByRole('spinbutton', { name: 'Units' }).fill('2');
    await dialog.getByRole('button', { name: 'Record' }).click();
    await expect(toast(page, USE_QUEUED)).toBeVisible();
    await expect(entry(page, useLabel)).toContainText('Waiting to send');
    await expect(notSent(page)).toContainText('1 use is not sent yet.');
    for (const width of [390, 820]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 1180 });
      await notSent(page).scrollIntoViewIfNeeded();
      await screenshot(page, `shelf-inventory-not-sent-${String(width)}`);
    }

    // Offline still: the count's line, back on the sheet kept in memory.
    await page.goBack();
    const line = sheetLine(page, subject);
    await expect(line).toBeVisible();
    await line.getByRole('textbox', { name: `Units counted of ${name} lot ${lot}` }).fill('18');
    await line.getByRole('button', { name: `Save count of ${name} lot ${lot}` }).click();
    await expect(toast(page, COUNT_QUEUED)).toBeVisible();
    await expect(line).toContainText('Counted 18 · Waiting to send');
    // Blind: the books' figure is nowhere until the server has the line.
    await expect(line).not.toContainText('Books');
    await expect(entry(page, countLabel)).toContainText('Waiting to send');
    await expect(notSent(page)).toContainText('1 use and 1 count are not sent yet.');
    const kept = await page.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const open = indexedDB.open('clinic-outbox');
          open.onerror = () => { reject(new Error('no outbox')); };
          open.onsuccess = () => {
            const all = open.result.transaction('entries').objectStore('entries').getAll();
            all.onsuccess = () => { resolve(JSON.stringify(all.result)); };
          };
        }),
    );
    expect(kept).toContain('"counted_units":18');
    expect(kept).not.toMatch(/expected_units|books/i);
    for (const width of [390, 820]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 1180 });
      await notSent(page).scrollIntoViewIfNeeded();
      await screenshot(page, `shelf-count-not-sent-${String(width)}`);
    }

    // Reload: the network back but the shelf's writes out of reach, so nothing can be sent.
    await cutOff(context, WRITE_ROUTES);
    await context.setOffline(false);
    await page.reload();
    await expect(notSent(page).getByRole('listitem')).toHaveCount(1);
    await expect(entry(page, countLabel)).toContainText('Waiting to send');
    await expect(notSent(page)).toContainText('1 use and 1 count are not sent yet.');

    // Restart the browser with the same storage (offline first: nothing slips out as it closes).
    await context.setOffline(true);
    await context.close();
    ({ context, page } = await launchDevice(userDataDir, baseURL!));
    await cutOff(context, WRITE_ROUTES);
    await page.goto('/inventory');
    await expect(entry(page, useLabel)).toContainText('Waiting to send');

    // Another user on this browser (the first one's session ended without a sign-out).
    await context.setOffline(true);
    await page.evaluate(() => { localStorage.removeItem('access_token'); });
    await context.setOffline(false);
    await page.goto('/');
    await reconnect(context, WRITE_ROUTES);
    await signIn(page, DEMO.assistant);
    await skipWelcome(page);
    await page.goto('/inventory');
    await expect(page.getByRole('searchbox', { name: 'Search products' })).toBeVisible();
    await expect(notSent(page)).toHaveCount(0);
    await page.waitForTimeout(1500);
    expect(await serverState(page.request, managerToken, ids)).toEqual({ unitsLeft: 20, counted: [null], countedLines: 0 });
    // Nothing of theirs to send: sign-out asks only its usual question.
    await signOut(page);

    // The first user again: their queue goes, oldest first, each once.
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    await page.goto(`/counts/${countId}`);
    // Oldest first: the use went before the line, so the books held 18 when the line was counted.
    await expect(sheetLine(page, subject)).toContainText('Counted 18 · Books 18 · matches', { timeout: 20_000 });
    await expect(notSent(page)).toHaveCount(0);
    const memberToken = await tokenOf(page);
    expect(await serverState(page.request, memberToken, ids)).toEqual({ unitsLeft: 18, counted: [18], countedLines: 1 });
    await page.waitForTimeout(1500);
    expect(await serverState(page.request, memberToken, ids)).toEqual({ unitsLeft: 18, counted: [18], countedLines: 1 });
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
    // One count at a time per location: this one is closed for the other tests.
    await desk.request.post(`/api/counts/${countId}/cancel`, { headers });
    await desk.close();
  }
});
