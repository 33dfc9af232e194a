import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseLotAction, chooseOption, DEMO, screenshot, screenshotAtReviewSizes, signIn, skipWelcome, SCREEN_SIZES, toast, usDate } from './helpers';

const STOCK_DELETE_CONFIRM = 'Any consumed units will not be deleted and only unconsumed units will be deleted. Are you sure you want to continue?';

/** A fresh catalog product for this run, made through the API with the signed-in user's token. */
async function newProduct(page: Page, name: string, type: 'disposable' | 'consumable' = 'disposable'): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const res = await page.request.post('/api/product', {
    headers: { authorization: `Bearer ${token ?? ''}` },
    data: { name, brand: 'E2E Dental', type, container: 'box', basic_unit: 'item' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function pickSupplier(page: Page, dialog: Locator, name: string): Promise<void> {
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Supplier' }), name.slice(0, 6), name);
}

const stockTable = (page: Page) => page.getByRole('table', { name: /^Stock of / });

test.describe('stock', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('add serial lots, edit a stock, try each invalid entry, consume, and see the low-stock alert come and go', async ({ page }) => {
    test.setTimeout(120_000);
    const name = `Implant Healing Abutment ${String(Date.now())}`;
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    const productId = await newProduct(page, name);
    await page.goto(`/products/${productId}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(stockTable(page)).toContainText('No Stocks Found');

    // Serial lots: one row per container, each with its own serial number and expiry.
    await page.getByRole('button', { name: 'Add Stock' }).click();
    let dialog = page.getByRole('dialog', { name: /Add Stock/ });
    await pickSupplier(page, dialog, 'Henry Schein Dental');
    await dialog.getByRole('spinbutton', { name: 'Number of containers' }).fill('2');
    await dialog.getByRole('spinbutton', { name: 'Price per container ($)' }).fill('45');
    await dialog.getByRole('switch', { name: 'Unique serial lots' }).check();
    await expect(dialog.getByRole('textbox', { name: 'Expiry date' })).toBeDisabled();
    await expect(dialog.getByRole('textbox', { name: /Serial number \d/ })).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('serial number is required').first()).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Serial number 1' }).fill('SN-1001');
    await dialog.getByRole('textbox', { name: 'Serial number 2' }).fill('SN-1002');
    await dialog.getByRole('spinbutton', { name: 'Quantity' }).nth(1).fill('0');
    await expect(dialog.getByText('Quantity cannot be less than 1')).toBeVisible();
    await dialog.getByRole('spinbutton', { name: 'Quantity' }).nth(1).fill('');
    await expect(dialog.getByText('Quantity is required')).toBeVisible();
    await dialog.getByRole('spinbutton', { name: 'Quantity' }).nth(1).fill('3');
    await expect(dialog.getByText('Units remaining:')).toContainText('4');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Stock added')).toBeVisible();
    await expect(stockTable(page).getByRole('row').filter({ hasText: 'SN-1001' })).toContainText('1 / 1');
    await expect(stockTable(page).getByRole('row').filter({ hasText: 'SN-1002' })).toContainText('3 / 3');

    // A plain delivery, with every invalid entry tried on the way.
    await page.getByRole('button', { name: 'Add Stock' }).click();
    dialog = page.getByRole('dialog', { name: /Add Stock/ });
    const containers = dialog.getByRole('spinbutton', { name: 'Number of containers' });
    await containers.pressSequentially('-e+2');
    await expect(containers).toHaveValue('2'); // '-', 'e' and '+' are refused by the keyboard
    await containers.fill('0');
    await expect(dialog.getByText('Stock Should be greater than 0')).toBeVisible();
    await containers.fill('1');
    await dialog.getByRole('spinbutton', { name: 'Units per container' }).fill('0');
    await expect(dialog.getByText('Units Per Container Should be greater than 0')).toBeVisible();
    await dialog.getByRole('spinbutton', { name: 'Units per container' }).fill('10');
    await dialog.getByRole('spinbutton', { name: 'Price per container ($)' }).fill('25');
    await expect(dialog.getByText('Unit price:')).toContainText('$2.50000');
    await dialog.getByRole('textbox', { name: 'Expiry date' }).fill('2020-01-01');
    await expect(dialog.getByText('The expiry date cannot be in the past')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Expiry date' }).fill('2030-05-31');
    await dialog.getByRole('spinbutton', { name: 'Units already consumed' }).fill('11');
    await expect(dialog.getByText('Units remaining should not be less than 0')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await dialog.getByRole('spinbutton', { name: 'Units already consumed' }).fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Required')).toBeVisible(); // no supplier yet
    await pickSupplier(page, dialog, 'Patterson Dental');
    await dialog.getByRole('textbox', { name: 'Lot number' }).fill('PD-77');
    await dialog.getByRole('textbox', { name: 'Note' }).fill('x'.repeat(320));
    await expect(dialog.getByText('300/300')).toBeVisible(); // the note stops at 300 characters
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Shelf B2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Stock added')).toBeVisible();
    const row = stockTable(page).getByRole('row').filter({ hasText: 'PD-77' });
    await expect(row).toContainText('05-31-2030');
    await expect(row).toContainText('10 / 10');
    await expect(stockTable(page)).toContainText('14 units');

    // The same delivery again (product, lot, expiry, supplier): asked first; Cancel adds nothing.
    await page.getByRole('button', { name: 'Add Stock' }).click();
    dialog = page.getByRole('dialog', { name: /Add Stock/ });
    await pickSupplier(page, dialog, 'Patterson Dental');
    await dialog.getByRole('textbox', { name: 'Lot number' }).fill('PD-77');
    await dialog.getByRole('spinbutton', { name: 'Number of containers' }).fill('1');
    await dialog.getByRole('spinbutton', { name: 'Units per container' }).fill('10');
    await dialog.getByRole('spinbutton', { name: 'Price per container ($)' }).fill('25');
    await dialog.getByRole('textbox', { name: 'Expiry date' }).fill('2030-05-31');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const again = page.getByRole('dialog', { name: 'Already received?' });
    await expect(again).toContainText(`This delivery was already received on ${usDate(new Date())} (10 units): ${name}, lot PD-77. Add it again?`);
    await screenshotAtReviewSizes(page, 'add-stock-duplicate', { width: 1440, height: 900 });
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(again).toBeHidden();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(stockTable(page).getByRole('row').filter({ hasText: 'PD-77' })).toHaveCount(1);
    await expect(stockTable(page)).toContainText('14 units');

    // Edit: a recount above the books is refused; a lower count is recorded.
    await chooseLotAction(row, /lot PD-77/, 'Edit');
    dialog = page.getByRole('dialog', { name: /Edit Stock/ });
    await dialog.getByRole('spinbutton', { name: /Units remaining/ }).fill('11');
    await expect(dialog.getByText('Cannot exceed more than the current units remaining')).toBeVisible();
    await expect(dialog.getByRole('spinbutton', { name: 'Units consumed' })).toBeDisabled();
    await dialog.getByRole('spinbutton', { name: /Units remaining/ }).fill('8');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Stock updated')).toBeVisible();
    await expect(row).toContainText('8 / 10');
    await chooseLotAction(row, /lot PD-77/, 'Usage history');
    await expect(page.getByRole('table', { name: 'Usage history' })).toContainText('Recount');

    // Minimum stock 12 with 12 units on the shelf: not low yet. Consuming 1 makes it low.
    await page.getByRole('button', { name: 'Edit minimum stock' }).click();
    const minimum = page.getByRole('textbox', { name: 'Minimum Stock' });
    await minimum.fill('12');
    await minimum.press('Enter');
    await page.getByRole('button', { name: 'Record consumption', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Record consumption' });
    await dialog.getByRole('spinbutton', { name: 'Units' }).fill('1');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Dropped on the floor');
    await dialog.getByRole('button', { name: 'Record' }).click();
    await expect(toast(page, 'Consumption recorded')).toBeVisible();
    // The footer's units left: 1 + 2 + 8, first-expiry-first took the unit from a serial lot.
    await expect(stockTable(page).getByRole('row').filter({ hasText: 'Total' }).getByRole('cell').nth(6)).toHaveText('11');

    // Track Product Consumption: three deliveries so far, the last use drawn from a serial lot.
    const tracking = page.getByRole('region', { name: 'Track Product Consumption' });
    await expect(tracking).toContainText('Cycle 3');
    await tracking.getByRole('switch', { name: 'Show as table' }).check();
    await expect(tracking.getByRole('table', { name: 'Consumption per cycle' }).getByRole('row')).toHaveCount(4);

    // The alert appears with a badge in the navigation, and can be dismissed.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByLabel(/\d+ open alerts?$/)).toBeVisible();
    await nav.getByRole('link', { name: /^Alerts/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
    const lowStock = page.getByRole('region', { name: 'Low stock' });
    const item = lowStock.getByRole('listitem').filter({ hasText: name });
    await expect(item).toContainText('11 units in stock, minimum 12');
    await item.getByRole('button', { name: /^Dismiss/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Dismiss alert' });
    await confirm.getByRole('button', { name: 'Dismiss' }).click();
    await expect(toast(page, 'Alert dismissed')).toBeVisible();
    await expect(item).toHaveCount(0);

    // Delete takes only what is left, after the spec's warning.
    await page.goto(`/products/${productId}`);
    await chooseLotAction(stockTable(page).getByRole('row').filter({ hasText: 'PD-77' }), /lot PD-77/, 'Delete');
    const warning = page.getByRole('dialog', { name: 'Delete stock' });
    await expect(warning).toContainText(STOCK_DELETE_CONFIRM);
    await warning.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Stock Deleted!')).toBeVisible();
    await expect(stockTable(page).getByRole('row').filter({ hasText: 'PD-77' })).toHaveCount(0);
  });

  test('the product admin sees which locations hold a product and cannot delete it', async ({ page }) => {
    const name = `Held Composite ${String(Date.now())}`;
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    const productId = await newProduct(page, name);
    await page.goto(`/products/${productId}`);
    await page.getByRole('button', { name: 'Add Stock' }).click();
    const dialog = page.getByRole('dialog', { name: /Add Stock/ });
    await pickSupplier(page, dialog, 'Henry Schein Dental');
    await dialog.getByRole('spinbutton', { name: 'Number of containers' }).fill('3');
    await dialog.getByRole('spinbutton', { name: 'Units per container' }).fill('20');
    await dialog.getByRole('spinbutton', { name: 'Price per container ($)' }).fill('60');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Stock added')).toBeVisible();

    // The admin approves it into the catalog, then finds it held.
    await page.evaluate(() => { localStorage.clear(); });
    await signIn(page, DEMO.admin);
    await skipWelcome(page);
    await page.goto(`/products/${productId}`);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    const overview = page.getByRole('table', { name: 'Stocks overview' });
    await expect(overview.getByRole('row').filter({ hasText: 'Downtown' })).toContainText('60');
    await expect(overview).toContainText('$3.00');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const warning = page.getByRole('dialog', { name: 'Warning' });
    await expect(warning).toContainText('This product is held in stock by these companies');
    await expect(warning.getByRole('list', { name: 'Companies holding the product' })).toContainText('Downtown');
    await warning.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  /** A GS1 code (GTIN, UPC-A) with its mod-10 check digit. */
  const withGs1CheckDigit = (digits: string) => {
    const sum = [...digits].reverse().reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
    return `${digits}${String((10 - (sum % 10)) % 10)}`;
  };
  /** An HIBC label with its modulo-43 check character (Code 39 values). */
  const hibcLabel = (body: string) => {
    const set = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%';
    return `${body}${set[[...body].reduce((total, c) => total + set.indexOf(c), 0) % 43] ?? ''}`;
  };

  test('on a phone: find a product by its scanned code, add stock and use units in two taps', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const name = `Phone Sutures ${String(Date.now())}`;
    // Scans are check-digit verified: a UPC-A with its check digit, and an HIBC product id.
    const barcode = withGs1CheckDigit(String(Date.now()).slice(-11));
    const hibcProduct = `E2EZ${String(Date.now()).slice(-8)}`;
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const created = await page.request.post('/api/product', {
      headers: { authorization: `Bearer ${token ?? ''}` },
      data: { name, brand: 'E2E Dental', barcode, manufacturer_code: hibcProduct, type: 'disposable', container: 'box', basic_unit: 'item' },
    });
    expect(created.status()).toBe(201);

    await page.getByRole('navigation', { name: 'Bottom navigation' }).getByRole('button', { name: 'Inventory' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
    // No camera here: the scanner says so, and the code can be typed (or sent by a hand scanner).
    await page.getByRole('button', { name: 'Scan' }).click();
    const scanner = page.getByRole('dialog', { name: 'Scan a product' });
    await expect(scanner.getByText(/Barcode Scanning not supported in this platform|Camera permission is required for barcode|Error Scanning Barcode, Your Platform might not be supported/)).toBeVisible();
    // A GS1 DataMatrix of this product: the GTIN-14 finds its 12-digit barcode.
    await scanner.getByRole('textbox', { name: 'Barcode' }).fill(`(01)00${barcode}(17)301231(10)PH-1`);
    await scanner.getByRole('button', { name: 'Use code' }).click();
    const item = page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: name });
    await expect(item.getByText('0 units left in 0 lots')).toBeVisible();

    await item.getByRole('button', { name: 'Add stock' }).click();
    const dialog = page.getByRole('dialog', { name: /Add Stock/ });
    // One HIBC label (primary and secondary joined by a slash) fills lot and expiry like GS1 does;
    // a lot typed by hand would have been kept.
    await dialog.getByRole('button', { name: 'Scan' }).click();
    const lotScanner = page.getByRole('dialog', { name: "Scan the lot's barcode" });
    await lotScanner.getByRole('textbox', { name: 'Barcode' }).fill(hibcLabel(`+${hibcProduct}1/$$3301231PH-1`));
    await lotScanner.getByRole('button', { name: 'Use code' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Filled lot PH-1 and expiry 2030-12-31');
    await expect(dialog.getByRole('textbox', { name: 'Lot number' })).toHaveValue('PH-1');
    await expect(dialog.getByRole('textbox', { name: 'Expiry date' })).toHaveValue('2030-12-31');
    await pickSupplier(page, dialog, 'Henry Schein Dental');
    await dialog.getByRole('spinbutton', { name: 'Number of containers' }).fill('2');
    await dialog.getByRole('spinbutton', { name: 'Units per container' }).fill('12');
    await dialog.getByRole('spinbutton', { name: 'Price per container ($)' }).fill('30');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Stock added')).toBeVisible();
    await expect(item.getByText('24 units left in 1 lot')).toBeVisible();
    await expect(item).toContainText('PH-1 · expires 12-31-2030');

    await item.getByRole('button', { name: 'Use units' }).click();
    await page.getByRole('dialog', { name: 'Record consumption' }).getByRole('button', { name: 'Record' }).click();
    await expect(toast(page, 'Consumption recorded')).toBeVisible();
    await expect(item.getByText('23 units left in 1 lot')).toBeVisible();
    await screenshot(page, 'inventory-390');

    // The HIBC label alone finds the product too (by its manufacturer code).
    await page.getByRole('searchbox', { name: 'Search products' }).fill('');
    await page.getByRole('button', { name: 'Scan' }).click();
    await scanner.getByRole('textbox', { name: 'Barcode' }).fill(hibcLabel(`+${hibcProduct}1/$$3301231PH-1`));
    await scanner.getByRole('button', { name: 'Use code' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue(hibcProduct);
    // The one product found opens by itself.
    await expect(item.getByRole('button', { expanded: true })).toHaveCount(1);
    await expect(item).toContainText('PH-1 · expires 12-31-2030');
    await page.setViewportSize({ width: 1366, height: 768 });
    await screenshot(page, 'inventory-hibc-1366');
  });

  test('stock room and alerts at 390, 820 and 1440 px', async ({ page }) => {
    // One sign-in, then each width in turn (one test, not one per width: CI time).
    test.setTimeout(180_000);
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      const productId = await newProduct(page, `Screenshot Gloves ${String(size.width)} ${String(Date.now())}`, 'consumable');
      await page.goto(`/products/${productId}`);
      await page.getByRole('button', { name: 'Add Stock' }).click();
      const dialog = page.getByRole('dialog', { name: /Add Stock/ });
      // Consumables are counted in units with a unit price.
      await expect(dialog.getByRole('spinbutton', { name: 'Units per container' })).toHaveCount(0);
      await pickSupplier(page, dialog, 'Henry Schein Dental');
      await dialog.getByRole('spinbutton', { name: 'Units', exact: true }).fill('200');
      await dialog.getByRole('spinbutton', { name: 'Unit price ($)' }).fill('0.12');
      await screenshot(page, `stock-form-${String(size.width)}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Stock added')).toBeVisible();
      await page.getByRole('button', { name: 'Record consumption', exact: true }).click();
      await page.getByRole('dialog', { name: 'Record consumption' }).getByRole('button', { name: 'Record' }).click();
      await expect(toast(page, 'Consumption recorded')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Track Product Consumption' }).getByRole('img', { name: /^Uses per cycle/ })).toBeVisible();
      await screenshot(page, `stock-room-${String(size.width)}`);
      await page.goto('/alerts');
      await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
      await screenshot(page, `alerts-${String(size.width)}`);
    }
  });

  // Issue 34: storage places. The manager names a place, moves part of a lot there from the Stock
  // Room, sees both parts with their places and the move in the lot's history, and filters the
  // inventory by the place.
  test('a manager adds a storage place, moves part of a lot there, and filters the inventory by it', async ({ page }) => {
    test.setTimeout(120_000);
    const stamp = String(Date.now());
    const placeName = `Cabinet ${stamp.slice(-6)}`;
    const name = `Place Move Gauze ${stamp}`;
    await signIn(page, DEMO.manager);
    await skipWelcome(page);

    await page.goto('/places');
    await expect(page.getByRole('heading', { level: 1, name: 'Storage places' })).toBeVisible();
    await page.getByRole('button', { name: 'Add a place' }).click();
    const add = page.getByRole('dialog', { name: 'Add a place' });
    await add.getByRole('textbox', { name: 'Name' }).fill(placeName);
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(toast(page, 'Place added')).toBeVisible();
    await expect(page.getByRole('row', { name: placeName })).toContainText('0 units');

    // A lot of 10 units in the default place, made through the API.
    const productId = await newProduct(page, name);
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const headers = { authorization: `Bearer ${token ?? ''}` };
    const suppliers = (await (await page.request.get('/api/supplier?search=Henry', { headers })).json()) as { results: { id: string }[] };
    const created = await page.request.post('/api/stock', { headers, data: { product_id: productId, supplier_id: suppliers.results[0]!.id, container_quantity: 1, units_per_container: 10, price_per_container: 20, expiry_date: '2099-01-01', lotNumber: `MV-${stamp.slice(-5)}` } });
    expect(created.status()).toBe(201);

    await page.goto(`/products/${productId}`);
    const lotRow = stockTable(page).getByRole('row').filter({ hasText: `MV-${stamp.slice(-5)}` });
    await expect(lotRow).toContainText('Main storage');
    await chooseLotAction(stockTable(page), new RegExp(`lot MV-${stamp.slice(-5)}`), 'Move to another place');
    const move = page.getByRole('dialog', { name: 'Move to another place' });
    await move.getByRole('spinbutton', { name: 'Units' }).fill('4');
    await move.getByRole('combobox', { name: 'Move to' }).click();
    await page.getByRole('option', { name: placeName }).click();
    await move.getByRole('button', { name: 'Move' }).click();
    await expect(toast(page, 'Units moved')).toBeVisible();

    // Both parts of the lot, each with its place; the value on hand is unchanged.
    await expect(lotRow).toHaveCount(2);
    await expect(lotRow.filter({ hasText: placeName })).toContainText('4 / 4');
    await expect(lotRow.filter({ hasText: 'Main storage' })).toContainText('6 / 10');
    await expect(stockTable(page).getByRole('row', { name: /^Total/ })).toContainText('$20.00 on hand');
    await chooseLotAction(lotRow.filter({ hasText: placeName }), new RegExp(`lot MV-${stamp.slice(-5)}`), 'Usage history');
    await expect(page.getByRole('table', { name: 'Usage history' })).toContainText('4 units from Main storage');

    // The inventory, filtered by the place, finds the product.
    await page.goto('/inventory');
    await page.getByRole('combobox', { name: 'Place' }).click();
    await page.getByRole('option', { name: placeName }).click();
    await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
    const products = page.getByRole('list', { name: 'Products' });
    await expect(products.getByText(name)).toBeVisible();
    await expect(page.getByRole('list', { name: `Lots of ${name}` })).toContainText(placeName);
    await expect(page.getByRole('list', { name: `Lots of ${name}` })).not.toContainText('Main storage');
  });
});
