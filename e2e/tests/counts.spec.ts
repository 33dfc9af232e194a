import { expect, test, type Page } from '@playwright/test';
import { chooseLotAction, DEMO, lotOnOwnShelf, screenshot, signIn, skipWelcome, toast } from './helpers';

/** A UPC-A with its mod-10 check digit (scans are check-digit verified). */
const withGs1CheckDigit = (digits: string) => {
  const sum = [...digits].reverse().reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${digits}${String((10 - (sum % 10)) % 10)}`;
};

async function apiAs(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  return { authorization: `Bearer ${token ?? ''}` };
}

// Issue 34, item 2: a cycle count. The manager starts a count of one storage place; the hygienist
// counts it on a phone by scanning the box (blind: the books' figure shows once saved) and submits;
// the manager approves on a desktop, and the lot on the product page holds what the shelf held.
test('a count on a phone by scanning, approved on a desktop, the adjusted lot on the product page', async ({ browser }) => {
  test.setTimeout(150_000);
  const stamp = String(Date.now());
  const name = `Count Gloves ${stamp}`;
  const lot = `CT-${stamp.slice(-6)}`;
  const barcode = withGs1CheckDigit(stamp.slice(-11));
  const placeName = `Count shelf ${stamp.slice(-6)}`;

  // The manager on a desktop: a place with one lot of 20 units, then a count of that place.
  const desk = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(desk, DEMO.manager);
  await skipWelcome(desk);
  const headers = await apiAs(desk);
  const { product } = await lotOnOwnShelf(desk, headers, { name, placeName, lot, barcode });

  await desk.goto('/counts');
  await expect(desk.getByRole('heading', { level: 1, name: 'Cycle counts' })).toBeVisible();
  // The demo's finished count is in the history.
  await expect(desk.getByRole('table', { name: 'Cycle counts' }).getByRole('row').filter({ hasText: 'Whole location' })).toContainText('Approved');
  await screenshot(desk, 'counts-1280');
  await desk.getByRole('button', { name: 'Start a count' }).click();
  const start = desk.getByRole('dialog', { name: 'Start a count' });
  await start.getByRole('combobox', { name: 'What to count' }).click();
  await desk.getByRole('option', { name: 'A storage place' }).click();
  await start.getByRole('combobox', { name: 'Place to count' }).click();
  await desk.getByRole('option', { name: placeName }).click();
  await start.getByRole('button', { name: 'Start count' }).click();
  await expect(toast(desk, 'Count started')).toBeVisible();
  await expect(desk.getByRole('heading', { level: 1, name: `Count: Place: ${placeName}` })).toBeVisible();
  const countUrl = desk.url();

  // The hygienist on a phone: the count from the menu, the box scanned, the units typed.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(phone, DEMO.member);
  await skipWelcome(phone);
  await phone.getByRole('button', { name: 'Open menu' }).click();
  await phone.getByRole('link', { name: 'Cycle counts' }).click();
  await phone.getByRole('link', { name: `Place: ${placeName}` }).click();
  await expect(phone.getByRole('heading', { level: 1, name: `Count: Place: ${placeName}` })).toBeVisible();
  await phone.getByRole('button', { name: 'Scan' }).click();
  const scanner = phone.getByRole('dialog', { name: 'Scan a box' });
  // No camera here: the label is typed, as a hand scanner would send it (GTIN, expiry, lot).
  await scanner.getByRole('textbox', { name: 'Barcode' }).fill(`(01)00${barcode}(17)301231(10)${lot}`);
  await scanner.getByRole('button', { name: 'Use code' }).click();
  const sheet = phone.getByRole('list', { name: 'Count sheet' });
  const line = sheet.getByRole('listitem', { name: `${name} lot ${lot}` });
  await expect(line).toBeVisible();
  // Blind: nothing of the books shows before the line is saved; the scanned lot's box has the focus.
  await expect(line).not.toContainText('Books');
  const counted = line.getByRole('textbox', { name: `Units counted of ${name} lot ${lot}` });
  await expect(counted).toBeFocused();
  await counted.fill('18');
  await line.getByRole('button', { name: `Save count of ${name} lot ${lot}` }).click();
  await expect(line.getByRole('status')).toHaveText('Counted 18 · Books 20 · −2 units');
  await screenshot(phone, 'count-sheet-390');
  await phone.getByRole('button', { name: 'Submit for approval' }).click();
  await phone.getByRole('dialog', { name: 'Submit the count?' }).getByRole('button', { name: 'Submit' }).click();
  await expect(toast(phone, 'Count submitted for approval')).toBeVisible();
  await expect(phone.getByText('Waiting for a location admin to approve the differences.')).toBeVisible();
  await phone.close();

  // The manager approves on the desktop: the variance per lot in units and value, then the books.
  await desk.goto(countUrl);
  const variance = desk.getByRole('table', { name: 'Variance by lot' });
  await expect(variance.getByRole('row').filter({ hasText: lot })).toContainText('−2 units');
  await expect(variance.getByRole('row').filter({ hasText: lot })).toContainText('−$4.00');
  await expect(desk.getByRole('paragraph').filter({ hasText: /^0%$/ })).toBeVisible();
  await screenshot(desk, 'count-review-1280');
  await desk.getByRole('button', { name: 'Approve' }).click();
  await desk.getByRole('dialog', { name: 'Approve the count?' }).getByRole('button', { name: 'Approve' }).click();
  await expect(toast(desk, 'Count approved: the differences are on the books')).toBeVisible();
  await expect(variance.getByRole('columnheader', { name: 'Put on the books' })).toBeVisible();

  // The lot holds what the shelf held, and its history says why.
  await desk.goto(`/products/${product.id}`);
  const stockTable = desk.getByRole('table', { name: /^Stock of / });
  await expect(stockTable.getByRole('row').filter({ hasText: lot })).toContainText('18 / 20');
  await chooseLotAction(stockTable, new RegExp(`lot ${lot}`), 'Usage history');
  await expect(desk.getByRole('table', { name: 'Usage history' })).toContainText('Cycle count');
  await expect(desk.getByRole('table', { name: 'Usage history' })).toContainText('Count: 18 on the shelf, 20 on the books');
  await desk.close();
});
