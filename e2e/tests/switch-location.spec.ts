import { expect, test } from '@playwright/test';
import { DEMO, signIn, skipWelcome } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });

test('an organization admin switches location: new token, new location line', async ({ page }) => {
  await signIn(page, DEMO.owner);
  await skipWelcome(page);
  const line = page.getByTestId('current-location');
  await expect(line).toContainText('Austin, TX');
  const before = await page.evaluate(() => localStorage.getItem('access_token'));

  await page.getByRole('button', { name: 'Switch Location' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio', { name: 'Location 1 - Austin, TX' })).toBeVisible();
  await dialog.getByRole('radio', { name: 'Location 2 - Round Rock, TX' }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expect(line).toContainText('Round Rock, TX');
  const after = await page.evaluate(() => localStorage.getItem('access_token'));
  expect(after).not.toBe(before);
  await page.reload();
  await expect(page.getByTestId('current-location')).toContainText('Round Rock, TX');
});

test('other roles have no Switch Location button', async ({ page }) => {
  await signIn(page, DEMO.manager);
  await skipWelcome(page);
  await expect(page.getByRole('button', { name: 'Switch Location' })).toHaveCount(0);
});
