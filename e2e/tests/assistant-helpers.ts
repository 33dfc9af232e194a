import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The voice assistant end to end (issue 16): a typed command on a server without AI (the local
 * parser), and a spoken one on the main server, whose OpenAI-compatible stand-in answers
 * select_product, select_supplier, then create_stock (2 boxes of 50 at $45), then "Done.".
 * Nothing is written before Confirm; a cancelled command writes nothing (row counts checked).
 */

export const SUPPLIER = 'Henry Schein Dental';
// In the demo catalog, never stocked by the demo seed.
export const CARBOCAINE = 'Carbocaine 3% Mepivacaine Plain';
export const CANCELLED = 'Cancelled. Nothing was created.';

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function assistantPanel(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Assistant', exact: true });
}

export async function openAssistant(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open assistant' }).click();
  const panel = assistantPanel(page);
  await expect(panel).toBeVisible();
  return panel;
}

export async function sendCommand(panel: Locator, command: string): Promise<void> {
  await panel.getByRole('textbox', { name: 'Type a command' }).fill(command);
  await panel.getByRole('textbox', { name: 'Type a command' }).press('Enter');
}

export async function authHeader(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  return { authorization: `Bearer ${token ?? ''}` };
}

/** A catalog product's id, found as the app finds it (GET product/v2, fuzzy search). */
export async function productIdNamed(page: Page, name: string): Promise<string> {
  const res = await page.request.get('/api/product/v2', { headers: await authHeader(page), params: { fuzzySearchQuery: name, perPage: 10 } });
  expect(res.status()).toBe(200);
  const product = ((await res.json()) as { results: { id: string; name: string }[] }).results.find((row) => row.name === name);
  expect(product, `${name} is in the catalog`).toBeTruthy();
  return product!.id;
}

/** A fresh catalog product for this run, made through the API with the signed-in user's token. */
export async function newProduct(page: Page, name: string): Promise<string> {
  const res = await page.request.post('/api/product', { headers: await authHeader(page), data: { name, brand: 'E2E Dental', type: 'disposable', container: 'box', basic_unit: 'cartridge' } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** How many stock rows the product has at the signed-in user's location. */
export async function stockCount(page: Page, productId: string): Promise<number> {
  const res = await page.request.get('/api/stock', { headers: await authHeader(page), params: { productId, currentPage: 1, perPage: 5 } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

/**
 * Answers the selection dialogs the assistant opens (if it asks: a name it could not settle on)
 * until its confirmation card shows; the card.
 */
export async function confirmationCard(page: Page, picks: { product: string; supplier: string }, title = 'Confirm: Add stock'): Promise<Locator> {
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
