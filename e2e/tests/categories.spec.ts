import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { chooseRowAction, DEMO, SCREEN_SIZES, screenshot, signIn, signOut, skipWelcome, toast } from './helpers';

/** A small real PNG: the server sniffs uploaded content, so a renamed text file would be refused. */
const IMAGE_PATH = fileURLToPath(new URL('./fixtures/category.png', import.meta.url));

interface CategoryRecord {
  id: string;
  name: string;
  image_url: string | null;
}

function field(dialog: Locator, label: string): Locator {
  return dialog.getByRole('textbox', { name: label, exact: true });
}

async function openCategories(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Categories' }).click();
  await expect(page).toHaveURL(/\/categories$/);
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
}

/** Narrows the grid to one category and returns its card. */
async function findCard(page: Page, name: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search categories' }).fill(name);
  const card = page.getByRole('list', { name: 'Categories' }).getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(card).toHaveCount(1);
  return card;
}

/** Waits until every picture in `scope` has really been decoded, not merely requested. */
async function expectImagesLoaded(scope: Locator): Promise<void> {
  const images = scope.locator('img');
  await expect(images.first()).toBeVisible();
  for (const image of await images.all()) {
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  }
}

test.describe('categories', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a member adds a category with an image, renames and opens it; the location admin deletes it', async ({ page }) => {
    const name = `Impression Materials ${String(Date.now())}`;
    const renamed = `${name} (alginate)`;

    await signIn(page, DEMO.member);
    await skipWelcome(page);
    await openCategories(page);

    await page.getByRole('button', { name: 'Add Category' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Category' });
    await field(dialog, 'Name').fill(name);
    await field(dialog, 'Description').fill('Alginates, silicones and bite registration');
    await dialog.locator('input[type="file"]').setInputFiles(IMAGE_PATH);
    await expect(dialog.getByText('Upload done')).toBeVisible();
    await expectImagesLoaded(dialog);
    await dialog.getByRole('button', { name: 'Add Category' }).click();
    await expect(toast(page, 'Category added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    let card = await findCard(page, name);
    await expect(card).toContainText('0 products');
    await expect(card.getByText('Shared', { exact: true })).toHaveCount(0);
    await expectImagesLoaded(card);

    // A member may edit but not delete.
    await card.getByRole('button', { name: `Actions for ${name}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Category' });
    await expect(field(dialog, 'Name')).toHaveValue(name);
    await field(dialog, 'Name').fill(renamed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Category updated!')).toBeVisible();
    await expect(dialog).toBeHidden();

    card = await findCard(page, renamed);
    await expectImagesLoaded(card);
    await card.getByRole('link', { name: renamed }).click();
    await expect(page).toHaveURL(/\/categories\/[0-9a-f-]{36}\/products$/);
    await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Products' })).toContainText('No products in this category');
    await page.getByRole('link', { name: 'Back to categories' }).click();
    await expect(page).toHaveURL(/\/categories$/);

    // Deleting takes categories.delete, which a location admin holds and a member does not.
    await signOut(page);
    await signIn(page, DEMO.manager);
    await skipWelcome(page);
    await openCategories(page);
    card = await findCard(page, renamed);
    await chooseRowAction(card, renamed, 'Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete category' });
    await expect(confirm).toContainText(renamed);
    await expect(confirm).toContainText('Products in this category move to Default. Are you sure you want to delete this category?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Category Deleted!')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('No categories match your search')).toBeVisible();
  });
});

test.describe('shared categories', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the product admin's categories are marked Shared and read-only for a location", async ({ page }) => {
    const name = `Sterilization ${String(Date.now())}`;
    await signIn(page, DEMO.admin);
    await skipWelcome(page);
    await openCategories(page);
    await page.getByRole('button', { name: 'Add Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Category' });
    await field(dialog, 'Name').fill(name);
    await dialog.getByRole('button', { name: 'Add Category' }).click();
    await expect(toast(page, 'Category added successfully')).toBeVisible();
    const adminCard = await findCard(page, name);
    await expect(adminCard.getByText('Shared', { exact: true })).toHaveCount(0);
    await expect(adminCard.getByRole('button', { name: `Actions for ${name}` })).toBeVisible();

    await signOut(page);
    await signIn(page, DEMO.manager);
    await skipWelcome(page);
    await openCategories(page);
    const card = await findCard(page, name);
    await expect(card.getByText('Shared', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: `Actions for ${name}` })).toHaveCount(0);
  });
});

/** Stores the fixture image the way the browser does: ask for a presigned form, then post the file to it. */
async function uploadImage(request: APIRequestContext, headers: Record<string, string>): Promise<string> {
  const answer = await request.post('/api/upload', { headers, data: { file_name: 'category.png', type: 'category_image', mimeType: 'image/png' } });
  expect(answer.ok()).toBe(true);
  const target = (await answer.json()) as { url: string; fields: Record<string, string>; public_url: string };
  const posted = await request.post(target.url, {
    multipart: { ...target.fields, file: { name: 'category.png', mimeType: 'image/png', buffer: readFileSync(IMAGE_PATH) } },
  });
  expect(posted.ok()).toBe(true);
  return target.public_url;
}

/** Creates a category through the API, or finds it when an earlier width already made it. */
async function ensureCategory(page: Page, body: { name: string; description: string; withImage: boolean }): Promise<CategoryRecord> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const headers = { Authorization: `Bearer ${String(token)}` };
  const found = await page.request.get('/api/category', { headers, params: { search: body.name } });
  const existing = ((await found.json()) as { results: CategoryRecord[] }).results.find((c) => c.name === body.name);
  if (existing) return existing;
  const image_url = body.withImage ? await uploadImage(page.request, headers) : undefined;
  const created = await page.request.post('/api/category', { headers, data: { name: body.name, description: body.description, image_url } });
  expect(created.status()).toBe(201);
  return (await created.json()) as CategoryRecord;
}

/** The location's own categories, with pictures, beside the demo catalog's shared ones (which have none). */
const OWN_CATEGORIES = [
  { name: 'Whitening', description: 'In-office and take-home whitening kits, desensitizers and shade guides.', withImage: true },
  {
    name: 'Chairside Lab, Provisional Crowns and Bridges',
    description:
      'Bis-acryl temporaries, crown forms, matrices and the burs and polishers to finish them; this text is long on purpose to show the two-line clamp.',
    withImage: true,
  },
] as const;

test('categories at 390, 820 and 1440 px: the grid, the form and a category’s products fit the screen', async ({ page }) => {
  // One sign-in, then each width in turn (one test, not one per width: CI time).
  test.setTimeout(180_000);
  await signIn(page, DEMO.member);
  await skipWelcome(page);
  for (const category of OWN_CATEGORIES) await ensureCategory(page, category);
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);

    await page.goto('/categories');
    const grid = page.getByRole('list', { name: 'Categories' });
    await expect(grid.getByRole('link', { name: 'Whitening', exact: true })).toBeVisible();
    // The demo catalog's categories belong to the product admin: shared, read-only, with products.
    const anesthetics = grid.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Anesthetics', exact: true }) });
    await expect(anesthetics.getByText('Shared', { exact: true })).toBeVisible();
    await expect(anesthetics.getByRole('link', { name: 'Anesthetics', exact: true })).toHaveAccessibleDescription(/\d+ products/);
    await expect(anesthetics.getByRole('button', { name: 'Actions for Anesthetics' })).toHaveCount(0);
    await expectImagesLoaded(grid);
    await screenshot(page, `categories-${String(size.width)}`);

    await page.getByRole('button', { name: 'Add Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Category' });
    await field(dialog, 'Name').fill('Sterilization');
    await dialog.locator('input[type="file"]').setInputFiles(IMAGE_PATH);
    await expect(dialog.getByText('Upload done')).toBeVisible();
    await screenshot(page, `categories-dialog-${String(size.width)}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await anesthetics.getByRole('link', { name: 'Anesthetics', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Anesthetics', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Products' });
    await expect(table.getByRole('row')).toHaveCount(11);
    await expect(table.getByText('Approved', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/^1–10 of \d+$/)).toBeVisible();
    await screenshot(page, `category-products-${String(size.width)}`);
  }
});
