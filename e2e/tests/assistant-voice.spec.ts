import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, screenshot, SCREEN_SIZES, signIn, skipWelcome, toast } from './helpers';
import { CANCELLED, SUPPLIER, assistantPanel, escapeRegExp, newProduct, openAssistant, stockCount } from './assistant-helpers';

// A fake microphone (a tone) with no permission prompt, as the visit recorder's test uses.
test.use({
  viewport: { width: 1440, height: 900 },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

test.describe('spoken commands with the AI (OpenAI-compatible stand-in)', () => {
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

  test('the Assistant button of the phone top bar opens the assistant full screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    await page.getByRole('banner').getByRole('button', { name: 'Open assistant' }).click();
    const panel = assistantPanel(page);
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('AI assistant');
    const box = await panel.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(389);
    await panel.getByRole('button', { name: 'Close assistant' }).click();
    await expect(panel).toBeHidden();
  });
});
