import { expect, test } from '@playwright/test';
import { DEMO, screenshot, signIn, skipWelcome } from './helpers';

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 820, height: 1180 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

for (const size of WIDTHS) {
  test.describe(`${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('sign-in, home, manage users and profile fit the screen', async ({ page }) => {
      await page.goto('/');
      await screenshot(page, `login-${size.width}`);
      await signIn(page, DEMO.owner);
      await skipWelcome(page);
      await page.goto('/dashboard');
      await expect(page.getByText('Bright Smile Dental Group').first()).toBeVisible();
      await screenshot(page, `dashboard-${size.width}`);
      if (size.width < 900) {
        for (const label of ['Treatments', 'Inventory', 'Reports', 'Alerts', 'Logout']) {
          await expect(page.getByRole('button', { name: label }).or(page.getByRole('link', { name: label })).first()).toBeVisible();
        }
      }
      await page.goto('/users/company');
      await expect(page.getByRole('columnheader', { name: /email/i }).first()).toBeAttached();
      await screenshot(page, `manage-users-${size.width}`);
      await page.goto('/users/profile');
      await screenshot(page, `profile-${size.width}`);
    });

    test('admin clients page', async ({ page }) => {
      await signIn(page, DEMO.admin);
      await skipWelcome(page);
      await page.goto('/clients');
      await expect(page.getByText('Glow Aesthetics').first()).toBeVisible();
      await screenshot(page, `clients-${size.width}`);
    });
  });
}
