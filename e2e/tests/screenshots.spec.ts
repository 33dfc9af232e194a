import { expect, test } from '@playwright/test';
import { DEMO, screenshot, signIn, skipWelcome } from './helpers';

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 820, height: 1180 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

// One sign-in per test, then each width in turn (one test per page set, not one per width: CI time).
test('sign-in, home, manage users and profile fit the screen at 390, 820 and 1440 px', async ({ page }) => {
  test.setTimeout(180_000);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto('/');
    await screenshot(page, `login-${String(size.width)}`);
  }
  await signIn(page, DEMO.owner);
  await skipWelcome(page);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto('/dashboard');
    await expect(page.getByText('Bright Smile Dental Group').first()).toBeVisible();
    await screenshot(page, `dashboard-${String(size.width)}`);
    if (size.width < 900) {
      for (const label of ['Treatments', 'Inventory', 'Reports', 'Alerts', 'Logout']) {
        await expect(page.getByRole('button', { name: label }).or(page.getByRole('link', { name: label })).first()).toBeVisible();
      }
    }
    await page.goto('/users/company');
    await expect(page.getByRole('columnheader', { name: /email/i }).first()).toBeAttached();
    await screenshot(page, `manage-users-${String(size.width)}`);
    await page.goto('/users/profile');
    await screenshot(page, `profile-${String(size.width)}`);
  }
});

test('the admin’s clients page fits the screen at 390, 820 and 1440 px', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.admin);
  await skipWelcome(page);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto('/clients');
    await expect(page.getByText('Glow Aesthetics').first()).toBeVisible();
    await screenshot(page, `clients-${String(size.width)}`);
  }
});
