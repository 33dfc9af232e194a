import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { DEMO, screenshotAtReviewSizes, signIn, skipWelcome, toast } from './helpers';
import { authHeader, CANCELLED, CARBOCAINE, SUPPLIER, confirmationCard, openAssistant, productIdNamed, sendCommand, stockCount } from './assistant-helpers';

// A fake microphone (a tone) with no permission prompt, for the visit recorded on this server
// (a browser option: it has to be set for the whole file).
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

test.describe('typed commands on a server without AI (local parser)', () => {
  const PORT = 3298;
  const BASE = `http://127.0.0.1:${String(PORT)}`;
  let server: ChildProcess;

  test.use({ baseURL: BASE, viewport: { width: 1440, height: 900 } });
  test.setTimeout(120_000);

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // A second app server with no OpenAI-compatible endpoint (E2E_NO_AI: start-server sets none).
    server = spawn(process.execPath, [fileURLToPath(new URL('../start-server.mjs', import.meta.url)), String(PORT)], {
      env: { ...process.env, E2E_NO_AI: '1' },
      stdio: 'ignore',
    });
    await expect.poll(async () => (await fetch(`${BASE}/api/health`).catch(() => null))?.status, { timeout: 90_000 }).toBe(200);
  });

  test.afterAll(() => {
    server.kill('SIGTERM');
  });

  test('a typed command adds stock only after Confirm, and shows on the product page; a cancelled one writes nothing', async ({ page }) => {
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    const mode = await page.request.get('/api/voice-actions/mode', { headers: await authHeader(page) });
    expect(await mode.json()).toEqual({ mode: 'local' });
    const productId = await productIdNamed(page, CARBOCAINE);
    const before = await stockCount(page, productId);

    const panel = await openAssistant(page);
    await expect(panel).toContainText('Typed commands (no speech: AI not set up)');
    // No recorder without the AI (Chromium may still offer its own dictation: Dictate).
    await expect(panel.getByRole('button', { name: 'Record' })).toHaveCount(0);

    await sendCommand(panel, 'add 2 boxes of Carbocaine from Henry Schein at 45 dollars a box, 50 per box');
    await expect(panel.getByRole('log', { name: 'Conversation' })).toContainText('add 2 boxes of Carbocaine');
    let card = await confirmationCard(page, { product: CARBOCAINE, supplier: SUPPLIER });
    await expect(card).toContainText(CARBOCAINE);
    await expect(card).toContainText(SUPPLIER);
    await expect(card).toContainText('2 × 50 = 100 units');
    await expect(card).toContainText('2 × $45.00 = $90.00');
    await expect(card).toContainText('default: one year from today');
    // Nothing is written before Confirm.
    expect(await stockCount(page, productId)).toBe(before);

    await card.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'stock added')).toBeVisible();
    await expect.poll(() => stockCount(page, productId)).toBe(before + 1);
    await expect(panel.getByRole('log', { name: 'Conversation' })).toContainText('stock added');
    // The result went back to the assistant, which has answered: nothing is processing.
    await expect(panel.getByRole('status', { name: 'Processing' })).toHaveCount(0);

    // A second command, cancelled on the card: no row is written.
    await sendCommand(panel, 'add 3 boxes of Carbocaine from Henry Schein at 40 dollars a box, 50 per box');
    card = await confirmationCard(page, { product: CARBOCAINE, supplier: SUPPLIER });
    await expect(card).toContainText('3 × 50 = 150 units');
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toBeHidden();
    await expect(panel.getByRole('log', { name: 'Conversation' })).toContainText(CANCELLED);
    expect(await stockCount(page, productId)).toBe(before + 1);

    await panel.getByRole('button', { name: 'Close assistant' }).click();
    await expect(panel).toBeHidden();
    await page.goto(`/products/${productId}`);
    await expect(page.getByRole('heading', { level: 1, name: CARBOCAINE })).toBeVisible();
    const stock = page.getByRole('table', { name: `Stock of ${CARBOCAINE}` });
    const added = stock.getByRole('row').filter({ hasText: SUPPLIER }).filter({ hasText: '2 × 50' });
    await expect(added).toHaveCount(1);
    await expect(added).toContainText('100 / 100');
    await expect(added).toContainText('$0.90000');
    await expect(stock.getByRole('row').filter({ hasText: '3 × 50' })).toHaveCount(0);
  });

  test('a visit recorded at the chair says plainly that automatic case notes are not set up, with no Re-generate to fail again', async ({ page }) => {
    const chart = `NA-${String(Date.now()).slice(-6)}`;
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    await page.goto(`/treatment-execution/${chart}`);
    await page.getByRole('combobox', { name: 'Treatments' }).fill('D1110');
    await page.getByRole('option', { name: 'D1110 · Prophylaxis, adult' }).click();
    await page.getByRole('button', { name: 'Add Recording' }).click();
    const recorder = page.getByRole('region', { name: 'Recording' });
    await recorder.getByRole('button', { name: 'Record' }).click();
    await page.waitForTimeout(800);
    await recorder.getByRole('button', { name: 'Stop' }).click();
    await expect(recorder.getByRole('status')).toHaveText('1 clip ready');
    // Scrolled to the end as a person would: the button then sits clear of the Assistant button.
    await page.evaluate(() => { window.scrollTo(0, document.documentElement.scrollHeight); });
    await page.getByRole('button', { name: 'Save procedure' }).click();
    await expect(toast(page, 'Procedure saved')).toBeVisible();
    await expect(page.getByText('Recording saved; automatic case notes are not set up')).toBeVisible();

    await page.getByRole('link', { name: 'Open history' }).click();
    await expect(page.getByRole('heading', { level: 1, name: chart })).toBeVisible();
    const caseNotes = page.getByRole('region', { name: 'Case notes' });
    await expect(caseNotes).toContainText('Recording saved; automatic case notes are not set up');
    await expect(caseNotes).not.toContainText('There is an error in generating the case notes');
    await expect(caseNotes.getByRole('button', { name: 'Re-generate' })).toHaveCount(0);
    // The recording itself is kept, to listen to.
    await expect(page.getByRole('region', { name: 'Recordings' }).getByLabel('Recording 1', { exact: true })).toBeVisible();
    await screenshotAtReviewSizes(page, 'visit-no-case-notes');
  });
});
