import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO, screenshot, signIn, skipWelcome, SCREEN_SIZES, toast } from './helpers';

const HEADER = 'Product Name,Barcode,Type,Basic Unit,Container,Brand,Category,Expiry Date';
// In the demo catalog already.
const LIDOCAINE = 'Cook-Waite Lidocaine HCl 2% with Epinephrine 1:100000';
/** The widths and heights the fixed import screens are photographed at. */
const FIX_SIZES = [{ width: 390, height: 844 }, { width: 820, height: 1180 }, { width: 1180, height: 820 }, { width: 1366, height: 768 }];

function csv(stamp: string): Buffer {
  return Buffer.from(
    [
      HEADER,
      `Import Good Bur ${stamp},${stamp}1,disposable,item,box,Komet,Endodontics,12/31/2027`,
      `Import Good Gel ${stamp},${stamp}2,consumable,ml,bottle,Ultradent,Prophylaxis,`,
      `Import Bad Category ${stamp},${stamp}3,disposable,item,box,Komet,Not A Category,`,
      `Import Bad Type ${stamp},${stamp}4,liquid,ml,bottle,,,`,
      // An existing product with another problem too: the existing product is the reason given.
      `${LIDOCAINE},${stamp}5,liquid,cartridge,box,,,`,
    ].join('\n'),
  );
}

/** A workbook as Excel saves it: text cells as typed, a number cell, a real date cell. */
async function workbook(stamp: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Products');
  sheet.addRow(HEADER.split(','));
  sheet.addRow([`-Minus Gloves ${stamp}`, `+H629${stamp}D`, 'disposable', 'item', 'box', '=Lab', '', new Date(Date.UTC(2028, 1, 29))]);
  sheet.addRow([`Größe Tray ${stamp}`, Number(`${stamp}5`), 'disposable', 'item', 'box', '', '', '']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * Files as clinics save them import every row as written: a Windows-1252 CSV separated by
 * semicolons and an .xlsx, with cells starting + - = @. The products export then writes the
 * formula-like names as text ('=...).
 */
async function importsRealSpreadsheets(page: Page, stamp: string): Promise<void> {
  const names = [`Ästhetik Füller ${stamp}`, `+Plus café Bur ${stamp}`, `=Formula µl Gel ${stamp}`, `-Minus Gloves ${stamp}`, `Größe Tray ${stamp}`];
  const latin1 = [
    HEADER.replaceAll(',', ';'),
    `${names[0]!};+H629${stamp}A;consumable;ml;bottle;Café Dental;;12/31/2027`,
    `${names[1]!};${stamp}B;disposable;item;box;-20 C Brand;;`,
    `${names[2]!};${stamp}C;consumable;ml;bottle;@Lab;;`,
  ].join('\r\n');
  await page.goto('/import');
  const detail = page.getByRole('region', { name: 'Import details' });
  await page.getByLabel('Product file', { exact: true }).setInputFiles({ name: `windows-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(latin1, 'latin1') });
  await expect(detail).toContainText(`windows-${stamp}.csv`);
  await expect(detail.getByText('Completed')).toBeVisible();
  await expect(detail).toContainText('3 imported');
  await page.getByLabel('Product file', { exact: true }).setInputFiles({
    name: `excel-${stamp}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await workbook(stamp),
  });
  await expect(detail).toContainText(`excel-${stamp}.xlsx`);
  await expect(detail.getByText('Completed')).toBeVisible();
  await expect(detail).toContainText('2 imported');
  for (const size of [{ width: 390, height: 844 }, { width: 1366, height: 768 }]) {
    await page.setViewportSize(size);
    await screenshot(page, `import-xlsx-result-${String(size.width)}x${String(size.height)}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search products' }).fill(stamp);
  const table = page.getByRole('table', { name: 'Products' });
  for (const name of names) await expect(table).toContainText(name);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(await (await download).path()) as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('Products')!;
  const exported = sheet.getColumn(1).values.slice(2).map(String);
  expect(exported).toEqual(expect.arrayContaining([names[0], `'${names[1]!}`, `'${names[2]!}`, `'${names[3]!}`, names[4]]));
}

test.describe('import products', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the admin imports a CSV with good and bad rows and fixes a bad row', async ({ page }) => {
    const stamp = String(Date.now());
    await signIn(page, DEMO.admin);
    await skipWelcome(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Import Products' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Import Products' })).toBeVisible();

    await page.getByLabel('Product file', { exact: true }).setInputFiles({ name: `catalog-${stamp}.csv`, mimeType: 'text/csv', buffer: csv(stamp) });
    await expect(toast(page, 'Import started')).toBeVisible();
    const detail = page.getByRole('region', { name: 'Import details' });
    await expect(detail.getByText('Completed')).toBeVisible();
    await expect(detail).toContainText('2 imported');
    await expect(detail).toContainText('3 need fixing');
    const rows = detail.getByRole('table', { name: 'Import rows' });
    await expect(rows).toContainText("Category 'Not A Category' does not exist");
    await expect(rows).toContainText('Type must be consumable or disposable');
    await expect(rows.getByRole('row', { name: new RegExp(`${stamp}5`) })).toContainText('Product already exists');
    await screenshot(page, 'import-1440');

    await rows.getByRole('button', { name: 'Fix row 4' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fix row 4' });
    await expect(dialog.getByRole('alert')).toContainText('does not exist');
    // Fixed lists are picked: the file's wrong category shows until another is chosen.
    const category = dialog.getByRole('combobox', { name: 'Category' });
    await expect(category).toHaveText('Not A Category');
    await category.click();
    await page.getByRole('option', { name: 'Endodontics', exact: true }).click();
    await expect(dialog.getByRole('combobox', { name: 'Type' })).toHaveText('disposable');
    await expect(dialog.getByRole('combobox', { name: 'Basic Unit' })).toHaveText('item');
    for (const size of FIX_SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `import-fix-row-${String(size.width)}x${String(size.height)}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    // Renamed to a product the catalog holds: refused as such.
    const name = dialog.getByRole('textbox', { name: 'Product Name' });
    await name.fill(LIDOCAINE);
    await dialog.getByRole('button', { name: 'Import row' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Product already exists');
    await name.fill(`Import Bad Category ${stamp}`);
    await dialog.getByRole('button', { name: 'Import row' }).click();
    await expect(toast(page, 'Row imported')).toBeVisible();
    await expect(detail).toContainText('3 imported');
    await expect(detail).toContainText('2 need fixing');

    // The template, from this page: imported as it is, its marked example row is refused, saying why.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download product template' }).click();
    const template = await download;
    expect(template.suggestedFilename()).toBe('product-import-template.csv');
    await page.getByLabel('Product file', { exact: true }).setInputFiles({ name: 'product-import-template.csv', mimeType: 'text/csv', buffer: readFileSync(await template.path()) });
    await expect(detail.getByText('Completed')).toBeVisible();
    await expect(detail).toContainText('1 need fixing');
    await expect(detail.getByRole('table', { name: 'Import rows' })).toContainText("This is the template's example row, which is never imported");
    for (const size of FIX_SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `import-template-example-${String(size.width)}x${String(size.height)}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search products' }).fill(`Import Bad Category ${stamp}`);
    await expect(page.getByRole('table', { name: 'Products' })).toContainText('Endodontics');

    await importsRealSpreadsheets(page, stamp);

    // The imports ran as background jobs: the admin's Background Jobs page counts them done, and
    // names the jobs this server does not run (e-mail: no SMTP in this set-up).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Background Jobs' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Background Jobs' })).toBeVisible();
    const queues = page.getByRole('table', { name: 'Job queues' });
    const imports = queues.getByRole('row', { name: /Product import/ });
    await expect(imports.getByRole('cell').nth(6)).not.toHaveText('0');
    await expect(queues.getByRole('row', { name: /Expiry and stock alert scan/ })).toContainText('Every 15 minutes');
    await expect(queues.getByRole('row', { name: /E-mail delivery/ })).toContainText('Not run by this server');
    await page.getByRole('search', { name: 'Job filters' }).getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'Done', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Jobs' }).getByRole('row', { name: /Product import/ }).first()).toContainText('1 of 3');
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `jobs-${String(size.width)}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test('the admin imports a product with its stock for a client location', async ({ page }) => {
    const stamp = String(Date.now());
    const name = `Import Stocked Bur ${stamp}`;
    await signIn(page, DEMO.admin);
    await skipWelcome(page);
    await page.goto('/import');
    await page.getByRole('combobox', { name: 'Location receiving the stock' }).click();
    await page.getByRole('option', { name: /^Downtown/ }).click();
    const file = [
      `${HEADER},Supplier,Number of Containers,Quantity,Price per Container,Lot Number,Stock Expiry Date`,
      `${name},${stamp}5,disposable,item,box,Komet,Endodontics,,Henry Schein Dental,3,10,40,KB-${stamp},12/31/2027`,
      `Import Unknown Supplier ${stamp},${stamp}6,disposable,item,box,Komet,Endodontics,,Nobody Dental,1,10,40,,`,
    ].join('\n');
    await page.getByLabel('Product file', { exact: true }).setInputFiles({ name: `stock-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(file) });
    const detail = page.getByRole('region', { name: 'Import details' });
    await expect(detail.getByText('Completed')).toBeVisible();
    await expect(detail).toContainText('1 imported');
    await expect(detail.getByRole('table', { name: 'Import rows' })).toContainText("Supplier 'Nobody Dental' does not exist, so the stock is not added");

    // The product page's Stocks Overview shows the 30 units received at Downtown.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
    await page.getByRole('table', { name: 'Products' }).getByRole('link', { name }).click();
    await expect(page.getByRole('table', { name: 'Stocks Overview' }).getByRole('row', { name: /Downtown/ })).toContainText('30');
  });

  test('the admin imports treatment designs for a client location', async ({ page }) => {
    const stamp = String(Date.now()).slice(-6);
    await signIn(page, DEMO.admin);
    await skipWelcome(page);
    await page.goto('/import');
    const card = page.getByRole('region', { name: 'Import treatment designs' });
    // A location first.
    await card.getByRole('button', { name: 'Choose treatments file' }).click();
    await expect(card).toContainText('Choose the location the treatments belong to');
    await card.getByRole('combobox', { name: 'Location of the treatments' }).click();
    await page.getByRole('option', { name: /^Downtown/ }).click();
    const file = ['Treatment Code,Name,Category,Products', `IMP${stamp},Imported prophylaxis ${stamp},Preventive,`, `BAD${stamp},Imported with a bad tray,,000000000000 x 1`].join('\n');
    await page.getByLabel('Treatments file').setInputFiles({ name: `treatments-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(file) });
    await expect(card.getByRole('alert')).toHaveText('Treatments imported: 1. Need fixing: 1.');
    await expect(card.getByRole('table', { name: 'Treatment rows that failed' })).toContainText("No product with barcode '000000000000'");
    await screenshot(page, 'import-treatments-1440');
  });

  test('the instructions explain both phases and give the template', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await skipWelcome(page);
    await page.goto('/import/instructions');
    await expect(page.getByRole('tab', { name: 'Pre Import' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('mm/dd/yyyy');
    await page.getByRole('tab', { name: 'Post Import' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('Need fixing');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download template' }).click();
    expect((await download).suggestedFilename()).toBe('product-import-template.csv');
  });
});

test('import at 390 and 820 px: the import page and instructions fit the screen', async ({ page }) => {
  // One sign-in, then each width in turn (one test, not one per width: CI time).
  test.setTimeout(180_000);
  await signIn(page, DEMO.admin);
  await skipWelcome(page);
  for (const size of SCREEN_SIZES.filter((s) => s.width < 1440)) {
    await page.setViewportSize(size);
    await page.goto('/import');
    await expect(page.getByRole('button', { name: 'Choose product file' })).toBeVisible();
    await screenshot(page, `import-${String(size.width)}`);
    await page.goto('/import/instructions');
    await expect(page.getByRole('tab', { name: 'Post Import' })).toBeVisible();
    await screenshot(page, `import-instructions-${String(size.width)}`);
  }
});
