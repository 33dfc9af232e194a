import { expect, test } from '@playwright/test';
import { approveClient, registerOrganization, screenshot, signIn, signOut, toast } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });

test('an approved organization pays through the local checkout (after cancelling once), then sees its plan and invoice', async ({ page }) => {
  const name = `Paying Smiles ${Date.now().toString().slice(-6)}`;
  const owner = await registerOrganization(page, { name, locations: 2 });
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Warning' }).getByRole('button', { name: 'Accept' }).click();
  await approveClient(page, name);

  await signIn(page, owner.email, owner.password);
  const dialog = page.getByRole('dialog', { name: 'Subscription required' });
  // Two locations: the multiple-location plan is offered, with the set-up fee for both.
  await expect(dialog.getByRole('button', { name: 'Subscribe: Twelve months, multiple location' })).toBeVisible();
  await expect(dialog).toContainText('$1,000.00');

  await dialog.getByRole('button', { name: 'Subscribe: Six months, single location' }).click();
  await expect(page).toHaveURL(/\/checkout\/local\//);
  await expect(page.getByText('Test payment — no real card is charged')).toBeVisible();
  // $189.99 x 6 months + $500 x 2 locations.
  await expect(page.getByText('$2,139.94')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Raised before the dialog opened over the page, the toast shows above it (the dialog hides the page's accessibility tree).
  await expect(page.getByText('Payment Cancelled')).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Subscribe: Six months, single location' }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, 'Payment succesfull')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // Now in, the new user meets the guided tour; it can wait.
  await page.getByRole('alertdialog', { name: 'Take a quick tour' }).getByRole('button', { name: 'Remind me later' }).click();

  await page.goto('/users/company#subscription');
  const section = page.locator('#subscription');
  await expect(section).toContainText('Six months, single location');
  await expect(section).toContainText('$2,139.94');
  await screenshot(page, 'company-subscription-1440');
  await signOut(page);
});
