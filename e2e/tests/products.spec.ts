import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseRowAction, DEMO, SCREEN_SIZES, screenshot, signIn, signOut, skipWelcome, toast } from './helpers';

/** A 1x1 PNG and a one-page PDF, sent through the real upload flow. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

async function openProducts(page: Page, label = 'Products'): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
  // Exact: "Pending Products" also contains "Products", and the old page's heading would pass for the new one.
  await expect(page.getByRole('heading', { level: 1, name: label === 'Products' ? 'Products' : 'Pending Products', exact: true })).toBeVisible();
}

async function pick(page: Page, dialog: Locator, label: string, option: string): Promise<void> {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function searchRow(page: Page, term: string, name: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: /Search (pending )?products/ }).fill(term);
  const row = page.getByRole('table', { name: 'Products' }).getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

test.describe('products', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a location adds a product with an image, the admin approves it, and search forgives a typo', async ({ page }) => {
    const name = `Zenith Prophy Paste Mint ${String(Date.now())}`;
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    await openProducts(page);

    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    // Required fields first: the spec's messages appear under the inputs.
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByRole('textbox', { name: 'Brand' }).fill('Zenith Dental');
    await pick(page, dialog, 'Type', 'Consumable');
    await pick(page, dialog, 'Container', 'Unit');
    // A unit container counts in cartridges or items, cartridge by default.
    await expect(dialog.getByRole('combobox', { name: 'Basic Unit' })).toHaveText('Cartridge');
    await pick(page, dialog, 'Container', 'Jar');
    await pick(page, dialog, 'Basic Unit', 'Gram');
    await pick(page, dialog, 'Category', 'Prophylaxis');
    await dialog.getByRole('textbox', { name: 'Weight per volume' }).fill('340.50');
    await dialog.getByRole('textbox', { name: 'Minimum Stock' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Weight per volume' })).toHaveValue('340.5');
    await dialog.locator('input[type=file]').first().setInputFiles({ name: 'paste.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByText('Upload done')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await expect(toast(page, 'Product created')).toBeVisible();

    const row = await searchRow(page, 'zenith prophy', name);
    await expect(row).toContainText('Pending Approval');
    await row.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const image = page.getByRole('region', { name: 'Product details' }).getByRole('img', { name });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByText('Pending Approval')).toBeVisible();

    await signOut(page);
    await signIn(page, DEMO.admin);
    await skipWelcome(page);
    await openProducts(page, 'Pending Products');
    const pendingRow = await searchRow(page, 'zenith', name);
    await chooseRowAction(pendingRow, name, 'Approve');
    await page.getByRole('dialog', { name: `Approve ${name}?` }).getByRole('button', { name: 'Approve' }).click();
    await expect(toast(page, 'Product approved!')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Products' })).toContainText('No products are waiting for approval');

    await openProducts(page);
    const approved = await searchRow(page, 'zenit prophy pste', name);
    await expect(approved).toContainText('Approved');
  });

  test('a location sets its minimum stock, attaches a PDF and a video, deletes one, and exports the list', async ({ page }) => {
    await signIn(page, DEMO.manager);
    await skipWelcome(page);
    await openProducts(page);
    const row = await searchRow(page, 'septocaine articaine', 'Septocaine Articaine HCl 4% with Epinephrine 1:100000');
    await row.getByRole('link').first().click();

    await page.getByRole('button', { name: 'Edit minimum stock' }).click();
    await page.getByRole('textbox', { name: 'Minimum Stock' }).fill('2.5');
    await expect(page.getByText('Minimum stock must be a whole number of 0 or more')).toBeVisible();
    await page.getByRole('textbox', { name: 'Minimum Stock' }).fill('12');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Minimum stock updated')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Product details' })).toContainText('12');

    const pdfName = `IFU ${String(Date.now())}`;
    await page.getByRole('button', { name: 'Add Attachment' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Instructions For Use' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(pdfName);
    await dialog.getByLabel('PDF file').setInputFiles({ name: 'not-a-pdf.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByText('File type: image/png is not allowed')).toBeVisible();
    await dialog.getByLabel('PDF file').setInputFiles({ name: 'ifu.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(toast(page, 'Added')).toBeVisible();
    const instructions = page.getByRole('region', { name: 'Instructions For Use' });
    await expect(instructions.getByRole('link', { name: pdfName })).toBeVisible();
    const pdfResponse = await page.request.get(String(await instructions.getByRole('link', { name: pdfName }).getAttribute('href')));
    expect(pdfResponse.headers()['content-type']).toBe('application/pdf');

    await page.getByRole('button', { name: 'Add Attachment' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Instructions For Use' });
    await dialog.getByRole('radio', { name: 'Video link' }).check();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Technique video');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByText('Video link is required')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Video link' }).fill('https://videos.example/articaine-technique');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(instructions.getByRole('link', { name: 'Technique video' }).first()).toBeVisible();

    await instructions.getByRole('button', { name: `Delete attachment ${pdfName}` }).click();
    await page.getByRole('dialog', { name: 'Delete attachment?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Deleted')).toBeVisible();
    await expect(instructions.getByRole('link', { name: pdfName })).toHaveCount(0);

    await openProducts(page);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('juvederm');
    await expect(page.getByRole('table', { name: 'Products' })).toContainText('Juvederm');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    expect((await download).suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.xlsx$/);
  });
});

test('products at 390, 820 and 1440 px: the list, a product and its edit dialog fit the screen', async ({ page }) => {
  // One sign-in, then each width in turn (one test, not one per width: CI time).
  test.setTimeout(180_000);
  await signIn(page, DEMO.member);
  await skipWelcome(page);
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await page.goto('/products');
    await expect(page.getByRole('table', { name: 'Products' })).toContainText('Approved');
    await screenshot(page, `products-${String(size.width)}`);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('voluma');
    await page.getByRole('table', { name: 'Products' }).getByRole('link', { name: /Voluma/ }).first().click();
    await expect(page.getByRole('region', { name: 'Instructions For Use' })).toBeVisible();
    await screenshot(page, `product-detail-${String(size.width)}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Product' })).toBeVisible();
    await screenshot(page, `product-edit-${String(size.width)}`);
  }
});
