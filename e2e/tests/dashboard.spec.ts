import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, REVIEW_SIZES, screenshot, signIn, skipWelcome, SCREEN_SIZES } from './helpers';

const START_AFTER_END = 'The start date cannot go after the end date';

/** The browser's calendar, as the range presets use it. */
function today() {
  const now = new Date();
  const year = now.getFullYear();
  const daysInMonth = new Date(year, now.getMonth() + 1, 0).getDate();
  const daysInYear = new Date(year, 1, 29).getMonth() === 1 ? 366 : 365;
  const daysInLastMonth = new Date(year, now.getMonth(), 0).getDate();
  return { year, daysInMonth, daysInYear, daysInLastMonth };
}

async function chooseRange(page: Page, preset: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Date range' }).click();
  await page.getByRole('option', { name: preset }).click();
}

test.describe('dashboard and reports', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a member reads this month, then this year, as cards, chart and table, and exports a chart as CSV', async ({ page }) => {
    const { year, daysInMonth, daysInYear, daysInLastMonth } = today();
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('combobox', { name: 'Date range' })).toHaveText('This month');

    const spend = page.getByLabel('Spend', { exact: true });
    await expect(spend).toHaveText(/^\$[\d,]+\.\d{2}$/);
    const monthSpend = await spend.textContent();
    await expect(page.getByLabel('Stock value on hand', { exact: true })).toHaveText(/^\$[\d,]+\.\d{2}$/);
    await expect(page.getByLabel('Treatments performed', { exact: true })).toHaveText(/^\d+$/);

    const byDay = page.getByRole('region', { name: 'Expense by day' });
    await expect(byDay.locator('.visx-linepath')).toHaveCount(2);
    await byDay.getByRole('button', { name: 'Table' }).click();
    const days = byDay.getByRole('table', { name: 'Expense by day' }).getByRole('row');
    // A header, then every day of the month.
    await expect(days).toHaveCount(daysInMonth + 1);

    // Closing the books: the month that just ended.
    await chooseRange(page, 'Last month');
    await expect(days).toHaveCount(daysInLastMonth + 1);
    await chooseRange(page, 'This year');
    await expect(days).toHaveCount(daysInYear + 1);
    // The demo received stock all year long, so the year spent more than the month.
    await expect(spend).not.toHaveText(monthSpend ?? '');
    await byDay.getByRole('button', { name: 'Chart' }).click();
    await expect(byDay.locator('.visx-linepath')).toHaveCount(2);

    const download = page.waitForEvent('download');
    await byDay.getByRole('button', { name: 'Export CSV of Expense by day' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`expense-by-day-${String(year)}-01-01-to-${String(year)}-12-31.csv`);
    const lines = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Date,Spend,Usage cost');
    expect(lines[1]).toMatch(new RegExp(`^${String(year)}-01-01,\\d+\\.\\d{2},\\d+\\.\\d{2}$`));
    expect(lines).toHaveLength(daysInYear + 1);

    // The bar charts have their table views too; the chair's products have no treatment.
    const products = page.getByRole('region', { name: 'Top 5 most used products' });
    await products.getByRole('button', { name: 'Table' }).click();
    await expect(products.getByRole('table', { name: 'Top 5 most used products' }).getByRole('row')).toHaveCount(6);
    await expect(page.getByRole('region', { name: 'Top suppliers' }).locator('.visx-bar-rounded').first()).toBeVisible();

    // Lots expiring soon link to their product.
    const expiring = page.getByRole('table', { name: 'Stocks about to expire' });
    const firstLot = expiring.getByRole('link').first();
    await expect(firstLot).toHaveAttribute('href', /^\/products\/[0-9a-f-]{36}$/);

    // A custom range that ends before it starts is refused here and never asked for.
    const backwards: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`start_date=${String(year)}-06-30&end_date=${String(year)}-06-01`)) backwards.push(request.url());
    });
    await chooseRange(page, 'Custom');
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(`${String(year)}-01-01`);
    await page.getByLabel('To', { exact: true }).fill(`${String(year)}-06-01`);
    await page.getByLabel('From', { exact: true }).fill(`${String(year)}-06-30`);
    await expect(page.getByRole('alert').filter({ hasText: START_AFTER_END })).toBeVisible();
    await expect(spend).toHaveCount(0);
    await screenshot(page, 'reports-custom-range-1440');
    await page.getByLabel('From', { exact: true }).fill(`${String(year)}-05-01`);
    await expect(spend).toHaveText(/^\$[\d,]+\.\d{2}$/);
    await expect(page.getByText(`05-01-${String(year)} to 06-01-${String(year)}`)).toBeVisible();
    expect(backwards).toEqual([]);

    await firstLot.click();
    await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  });

  test("the member's dashboard fits a phone, a tablet both ways and a laptop, and every bar reads without the table", async ({ page }) => {
    await page.setViewportSize(REVIEW_SIZES[0]);
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    // Phones and tablets reach the reports from the bottom bar.
    await page.getByRole('navigation', { name: 'Bottom navigation' }).getByRole('button', { name: 'Reports' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await chooseRange(page, 'This year');
    const byTreatment = page.getByRole('region', { name: 'Expense by treatment' });
    for (const size of REVIEW_SIZES) {
      await page.setViewportSize(size);
      await expect(page.getByLabel('Spend', { exact: true })).toHaveText(/^\$/);
      await expect(page.getByRole('region', { name: 'Expense by day' }).locator('.visx-linepath')).toHaveCount(2);
      await expect(page.getByRole('region', { name: 'Top suppliers' }).locator('.visx-bar-rounded').first()).toBeVisible();
      // Stock used by hand is a bar of its own, so the bars add up to the usage cost; each bar is named in full with its amount.
      await expect(byTreatment.locator('svg text').filter({ hasText: 'Manual use (outside visits)' })).toBeVisible();
      await expect(byTreatment.locator('svg text').filter({ hasText: /^\$[\d,]+\.\d{2}$/ }).first()).toBeVisible();
      await expect(byTreatment.locator('svg text').filter({ hasText: /^D\d{4} · / }).first()).toBeVisible();
      if (size.width < 600) {
        // One column: the cards stack.
        const first = await page.getByLabel('Spend', { exact: true }).boundingBox();
        const second = await page.getByLabel('Usage cost', { exact: true }).boundingBox();
        expect(second!.y).toBeGreaterThan(first!.y);
        expect(Math.abs(second!.x - first!.x)).toBeLessThan(2);
      }
      await screenshot(page, `reports-dashboard-${String(size.width)}`);
    }
    // The table view lists the same row.
    await byTreatment.getByRole('button', { name: 'Table' }).click();
    await expect(byTreatment.getByRole('table', { name: 'Expense by treatment' }).getByRole('row', { name: /Manual use \(outside visits\)/ })).toContainText(/\$[\d,]+\.\d{2}/);
  });

  test('the organization admin compares every location on the company dashboard; others are sent home', async ({ page }) => {
    await signIn(page, DEMO.owner);
    await skipWelcome(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Company dashboard' }).click();
    await expect(page).toHaveURL(/\/company-dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Company dashboard' })).toBeVisible();

    const table = page.getByRole('table', { name: 'Figures by location' });
    // One column per location (in the server's order), the organization's total last.
    await expect(table.getByRole('columnheader')).toHaveText(['Figure', /^Downtown/, /^Lakeside/, 'Organization total']);
    await expect(table.getByRole('columnheader', { name: /^Downtown/ })).toContainText('Austin, TX');
    await expect(table.getByRole('columnheader', { name: /^Lakeside/ })).toContainText('Round Rock, TX');
    await expect(table.getByRole('row', { name: /^Stock value on hand/ }).getByRole('cell')).toHaveText([/^\$[\d,]+\.\d{2}$/, /^\$[\d,]+\.\d{2}$/, /^\$[\d,]+\.\d{2}$/]);
    // Both locations' lots: the location column appears.
    await expect(page.getByRole('table', { name: 'Stocks about to expire' }).getByRole('columnheader', { name: 'Location' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Expense by day' }).locator('.visx-linepath')).toHaveCount(2);

    for (const size of [...SCREEN_SIZES].reverse()) {
      await page.setViewportSize(size);
      await expect(table).toBeVisible();
      await screenshot(page, `company-dashboard-${String(size.width)}`);
    }

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/dashboard');
    await expect(page.getByRole('link', { name: 'Company dashboard' }).first()).toBeVisible();
  });

  test('a location manager is sent from the company dashboard to the home page', async ({ page }) => {
    await signIn(page, DEMO.manager);
    await skipWelcome(page);
    await page.goto('/company-dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('link', { name: 'Company dashboard' })).toHaveCount(0);
  });
});

test('the product admin sees the platform figures and no range', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.admin);
  await skipWelcome(page);
  await expect(page.getByLabel('Organizations', { exact: true })).toHaveText(/^\d+$/);
  await expect(page.getByLabel('Pending approvals', { exact: true })).toHaveText(/^\d+$/);
  await expect(page.getByRole('combobox', { name: 'Date range' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Manage Clients' })).toBeVisible();
  await screenshot(page, 'reports-admin-1440');
});
