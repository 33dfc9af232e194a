import { expect, test, type Page } from '@playwright/test';
import { DEMO, REVIEW_SIZES, screenshot, screenshotAtReviewSizes, signIn, skipWelcome } from './helpers';

/** What staff tripped over in the walk-through (issue 24), fixed and shown in the browser. */
test('table links are the app’s teal, not the browser’s blue', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.member);
  await skipWelcome(page);
  await page.goto('/treatment/design');
  const link = page.getByRole('table').getByRole('link').first();
  await expect(link).toBeVisible();
  expect(await link.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(0, 121, 107)');
  await screenshotAtReviewSizes(page, 'teal-table-links');
});

test('the phone bar offers the spec’s five tabs, Reports only to those who may read them, every label whole at 360 and 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const bar = page.getByRole('navigation', { name: 'Bottom navigation' });
  // Whole: each label inside its own tab, none clipped by an ellipsis or running into a neighbour.
  const labelsWhole = () =>
    bar.locator('.MuiBottomNavigationAction-root').evaluateAll((tabs) =>
      tabs.every((tab) => {
        const label = tab.querySelector('.MuiBottomNavigationAction-label');
        if (!label) return false;
        const outer = tab.getBoundingClientRect();
        const inner = label.getBoundingClientRect();
        return label.scrollWidth <= label.clientWidth + 1 && inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5;
      }),
    );

  await signIn(page, DEMO.assistant);
  await expect(bar.getByRole('button', { name: 'Treatments' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Alerts' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Reports' })).toHaveCount(0);
  expect(await labelsWhole()).toBe(true);
  await bar.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Warning' }).getByRole('button', { name: 'Accept' }).click();

  await signIn(page, DEMO.member);
  await expect(bar.getByRole('button')).toHaveText(['Treatments', 'Inventory', 'Reports', /Alerts$/, 'Logout']);
  for (const width of [360, 390, 820]) {
    await page.setViewportSize({ width, height: width === 820 ? 1180 : 800 });
    expect(await labelsWhole(), `labels at ${String(width)} px`).toBe(true);
    // The assistant is one tap away in the top bar, with no floating button over the page's last row.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Open assistant' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Voice assistant' })).toHaveCount(0);
    await screenshot(page, `phone-bar-${String(width)}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('complementary', { name: 'Voice assistant' }).getByRole('button', { name: 'Open assistant' })).toBeVisible();
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
  await screenshotAtReviewSizes(page, 'not-found-category');
});

/** Visible targets (buttons, links, tabs, fields, checkboxes) smaller than 44x44 px. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const targets = document.querySelectorAll('main a, main button, main [role=button], main [role=tab], main .MuiInputBase-root, main .MuiCheckbox-root, nav button, nav a');
    for (const element of Array.from(targets)) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || element.closest('[aria-hidden=true]')) continue;
      if (box.width < 43.5 || box.height < 43.5) found.push(`${element.tagName} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}" ${String(Math.round(box.width))}x${String(Math.round(box.height))}`);
    }
    return found;
  });
}

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true });

  test('home is the chair on any tablet, every target is 44 px, and table rows become cards on a phone', async ({ page }) => {
    // An iPad in landscape (1180 px, wider than the phone layout) is still a device for the chair.
    await page.setViewportSize({ width: 1180, height: 820 });
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    await expect(page).toHaveURL(/\/treatment-execution$/);

    for (const size of REVIEW_SIZES.slice(0, 2)) {
      await page.setViewportSize(size);
      for (const path of ['/inventory', '/alerts', '/patients', '/treatment/design', '/dashboard']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        expect(await smallTargets(page), `${path} at ${String(size.width)} px`).toEqual([]);
      }
    }

    // The Stock Room at 390 px: each lot a card whose units left, expiry and actions are on screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/products');
    await page.getByRole('searchbox', { name: 'Search products' }).fill('Scandonest');
    await page.getByRole('link', { name: 'Scandonest 3% Plain Mepivacaine' }).first().click();
    const title = page.getByRole('heading', { level: 1, name: 'Scandonest 3% Plain Mepivacaine' });
    await expect(title).toBeVisible();
    // The title takes the row's width: "Scandonest" is never cut in two.
    const titleLines = await title.evaluate((element) => Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)));
    expect(titleLines).toBeLessThanOrEqual(2);
    const firstLot = page.getByRole('table', { name: /^Stock of Scandonest/ }).locator('tbody tr').first();
    await expect(firstLot).toContainText('SC-');
    // Each value carries its column's name (a CSS caption) and sits on screen with the row's actions.
    const captions = await firstLot.locator('td').evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').content));
    expect(captions).toEqual(expect.arrayContaining(['"Expiry"', '"Units left"']));
    for (const target of [firstLot.locator('td').nth(6), firstLot.getByRole('button', { name: /^Use units of/ }), firstLot.getByRole('button', { name: /^More actions for/ })]) {
      const box = await target.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    }
    await screenshot(page, 'touch-product-390');
    for (const size of REVIEW_SIZES.slice(1)) {
      await page.setViewportSize(size);
      // From the chair's 820 px tablet up, the Stock Room's table fits: nothing scrolls sideways, the row's actions are on screen.
      const stock = page.getByRole('table', { name: /^Stock of Scandonest/ });
      expect(await stock.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth), `Stock Room at ${String(size.width)} px`).toBeLessThanOrEqual(1);
      const more = firstLot.getByRole('button', { name: /^More actions for/ });
      const box = await more.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(size.width);
      expect(await smallTargets(page), `the product page at ${String(size.width)} px`).toEqual([]);
      await screenshot(page, `touch-product-${String(size.width)}`);
    }
  });
});

test('on a desktop the sidebar scrolls above the user block', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, DEMO.manager);
  await skipWelcome(page);
  // A mouse lands on the dashboard.
  await expect(page).toHaveURL(/\/dashboard$/);
  const scroller = page.getByTestId('sidebar-scroll');
  expect(await scroller.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport();
  await screenshot(page, 'sidebar-1366', { fullPage: false });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manage Users' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manage Users' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport();
  await screenshot(page, 'sidebar-1366-scrolled', { fullPage: false });
});
