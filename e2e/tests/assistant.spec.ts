import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, screenshot, SCREEN_SIZES, signIn, skipWelcome, toast } from './helpers';

/**
 * The voice assistant end to end (issue 16): a typed command on a server without AI (the local
 * parser), and a spoken one on the main server, whose OpenAI-compatible stand-in answers
 * select_product, select_supplier, then create_stock (2 boxes of 50 at $45), then "Done.".
 * Nothing is written before Confirm; a cancelled command writes nothing (row counts checked).
 */

const SUPPLIER = 'Henry Schein Dental';
// In the demo catalog, never stocked by the demo seed.
const CARBOCAINE = 'Carbocaine 3% Mepivacaine Plain';
const CANCELLED = 'Cancelled. Nothing was created.';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function assistantPanel(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Assistant', exact: true });
}

async function openAssistant(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open assistant' }).click();
  const panel = assistantPanel(page);
  await expect(panel).toBeVisible();
  return panel;
}

async function sendCommand(panel: Locator, command: string): Promise<void> {
  await panel.getByRole('textbox', { name: 'Type a command' }).fill(command);
  await panel.getByRole('textbox', { name: 'Type a command' }).press('Enter');
}

async function authHeader(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  return { authorization: `Bearer ${token ?? ''}` };
}

/** A catalog product's id, found as the app finds it (GET product/v2, fuzzy search). */
async function productIdNamed(page: Page, name: string): Promise<string> {
  const res = await page.request.get('/api/product/v2', { headers: await authHeader(page), params: { fuzzySearchQuery: name, perPage: 10 } });
  expect(res.status()).toBe(200);
  const product = ((await res.json()) as { results: { id: string; name: string }[] }).results.find((row) => row.name === name);
  expect(product, `${name} is in the catalog`).toBeTruthy();
  return product!.id;
}

/** A fresh catalog product for this run, made through the API with the signed-in user's token. */
async function newProduct(page: Page, name: string): Promise<string> {
  const res = await page.request.post('/api/product', { headers: await authHeader(page), data: { name, brand: 'E2E Dental', type: 'disposable', container: 'box', basic_unit: 'cartridge' } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** How many stock rows the product has at the signed-in user's location. */
async function stockCount(page: Page, productId: string): Promise<number> {
  const res = await page.request.get('/api/stock', { headers: await authHeader(page), params: { productId, currentPage: 1, perPage: 5 } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

/**
 * Answers the selection dialogs the assistant opens (if it asks: a name it could not settle on)
 * until its confirmation card shows; the card.
 */
async function confirmationCard(page: Page, picks: { product: string; supplier: string }, title = 'Confirm: Add stock'): Promise<Locator> {
  const card = assistantPanel(page).getByRole('region', { name: title });
  const products = page.getByRole('dialog', { name: 'Product selection' });
  const suppliers = page.getByRole('dialog', { name: 'Supplier selection' });
  for (let step = 0; step < 4; step += 1) {
    await expect(card.or(products).or(suppliers).first()).toBeVisible({ timeout: 20_000 });
    if (await card.isVisible()) return card;
    if (await products.isVisible()) {
      await products.getByRole('button', { name: new RegExp(`^${escapeRegExp(picks.product)}`) }).click();
      await expect(products).toBeHidden();
    } else if (await suppliers.isVisible()) {
      await suppliers.getByRole('button', { name: new RegExp(`^${escapeRegExp(picks.supplier)}`) }).click();
      await expect(suppliers).toBeHidden();
    }
  }
  await expect(card).toBeVisible();
  return card;
}

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
});

test.describe('spoken commands with the AI (OpenAI-compatible stand-in)', () => {
  // A fake microphone (a tone) with no permission prompt, as the visit recorder's test uses.
  test.use({
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
    },
  });
  test.setTimeout(120_000);

  async function speak(panel: Locator, page: Page): Promise<void> {
    const status = panel.getByRole('status', { name: 'Recording status' });
    await panel.getByRole('button', { name: 'Record' }).click();
    await expect(status).toContainText('Recording…');
    await panel.getByRole('button', { name: 'Pause' }).click();
    await expect(status).toContainText('Paused');
    await panel.getByRole('button', { name: 'Resume' }).click();
    await expect(status).toContainText('Recording…');
    await page.waitForTimeout(1500);
    await panel.getByRole('button', { name: 'Finish' }).click();
  }

  /** The stand-in asks for a product with the words it heard (Citanest); the user searches for this run's product instead. */
  async function pickProductAndSupplier(page: Page, productName: string): Promise<void> {
    const products = page.getByRole('dialog', { name: 'Product selection' });
    await expect(products).toBeVisible({ timeout: 20_000 });
    const search = products.getByRole('searchbox', { name: 'Search products' });
    await expect(search).toHaveValue('Citanest');
    await search.fill(productName);
    await products.getByRole('button', { name: new RegExp(`^${escapeRegExp(productName)}`) }).click();
    await expect(products).toBeHidden();

    const suppliers = page.getByRole('dialog', { name: 'Supplier selection' });
    await expect(suppliers).toBeVisible({ timeout: 20_000 });
    await expect(suppliers.getByRole('searchbox', { name: 'Search suppliers' })).toHaveValue('Henry Schein');
    await suppliers.getByRole('button', { name: SUPPLIER, exact: true }).click();
    await expect(suppliers).toBeHidden();
  }

  test('speak -> pick the product and supplier -> the card shows what will be added -> Confirm -> the stock is on the product page; a cancelled one writes nothing', async ({ page }) => {
    const productName = `Assistant Articaine ${String(Date.now())}`;
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    const productId = await newProduct(page, productName);
    expect(await stockCount(page, productId)).toBe(0);

    const panel = await openAssistant(page);
    await expect(panel).toContainText('AI assistant');
    await speak(panel, page);
    await pickProductAndSupplier(page, productName);

    let card = panel.getByRole('region', { name: 'Confirm: Add stock' });
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(card).toContainText(productName);
    await expect(card).toContainText(SUPPLIER);
    await expect(card).toContainText('2 × 50 = 100 units');
    await expect(card).toContainText('2 × $45.00 = $90.00');
    await expect(card).toContainText('default: one year from today');
    expect(await stockCount(page, productId)).toBe(0);

    // The panel with its confirmation card at the phone, tablet and desktop widths.
    for (const size of [...SCREEN_SIZES].reverse()) {
      await page.setViewportSize(size);
      await expect(card).toBeVisible();
      await screenshot(page, `assistant-confirm-${String(size.width)}`, { fullPage: false });
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    await card.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'stock added')).toBeVisible();
    // The result went back to the assistant, which acknowledges it.
    await expect(panel.getByRole('log', { name: 'Conversation' })).toContainText('Done.', { timeout: 20_000 });
    expect(await stockCount(page, productId)).toBe(1);

    // Said again, then cancelled on the card: nothing is written.
    await speak(panel, page);
    await pickProductAndSupplier(page, productName);
    card = panel.getByRole('region', { name: 'Confirm: Add stock' });
    await expect(card).toBeVisible({ timeout: 20_000 });
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toBeHidden();
    await expect(panel.getByRole('log', { name: 'Conversation' })).toContainText(CANCELLED);
    expect(await stockCount(page, productId)).toBe(1);

    await panel.getByRole('button', { name: 'Close assistant' }).click();
    await page.goto(`/products/${productId}`);
    await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
    const stock = page.getByRole('table', { name: `Stock of ${productName}` });
    const added = stock.getByRole('row').filter({ hasText: SUPPLIER });
    await expect(added).toHaveCount(1);
    await expect(added).toContainText('2 × 50');
    await expect(added).toContainText('100 / 100');
  });

  test('the Assistant tab of the phone bottom bar opens the assistant full screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    await page.getByRole('navigation', { name: 'Bottom navigation' }).getByRole('button', { name: 'Assistant', exact: true }).click();
    const panel = assistantPanel(page);
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('AI assistant');
    const box = await panel.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(389);
    await panel.getByRole('button', { name: 'Close assistant' }).click();
    await expect(panel).toBeHidden();
  });
});
