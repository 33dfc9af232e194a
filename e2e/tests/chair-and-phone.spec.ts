import { expect, test } from '@playwright/test';
import { DEMO, screenshot, signIn, skipWelcome } from './helpers';

/** What staff tripped over in the walk-through (issue 24), fixed and shown in the browser. */
test('table links are the app’s teal, not the browser’s blue', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.member);
  await skipWelcome(page);
  await page.goto('/treatment/design');
  const link = page.getByRole('table').getByRole('link').first();
  await expect(link).toBeVisible();
  expect(await link.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(0, 121, 107)');
});

test('the phone bar offers Reports only to those who may read them, and no tab label is cut', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const bar = page.getByRole('navigation', { name: 'Bottom navigation' });
  const labelsFit = () =>
    bar.locator('.MuiBottomNavigationAction-label').evaluateAll((labels) => labels.every((label) => label.scrollWidth <= label.clientWidth + 1));

  await signIn(page, DEMO.assistant);
  await expect(bar.getByRole('button', { name: 'Treatments' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Alerts' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Reports' })).toHaveCount(0);
  expect(await labelsFit()).toBe(true);
  await bar.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Warning' }).getByRole('button', { name: 'Accept' }).click();

  await signIn(page, DEMO.member);
  await expect(bar.getByRole('button', { name: 'Reports' })).toBeVisible();
  expect(await labelsFit()).toBe(true);
});

test('an id typed wrong in the address shows the page’s own not-found text, not the validation message', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, DEMO.manager);
  await skipWelcome(page);
  const pages: [string, string][] = [
    ['/products/not-an-id', 'This product does not exist or is not in your catalog.'],
    ['/purchase-history/12345', 'This purchase order does not exist.'],
    ['/treatment/design/abc', 'This treatment does not exist or was deleted.'],
    ['/patients/CH-0000', 'This patient does not exist.'],
    ['/treatment-execution/edit/oops', 'This visit does not exist.'],
    ['/categories/nope/products', 'This category does not exist or is not in your catalog.'],
  ];
  for (const [path, text] of pages) {
    await page.goto(path);
    await expect(page.getByText(text)).toBeVisible();
    await expect(page.getByText('Must be a valid id')).toHaveCount(0);
  }
  await screenshot(page, 'not-found-category');
});
