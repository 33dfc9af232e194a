import { expect, test } from '@playwright/test';
import { DEMO, screenshot, signIn, signOut, skipWelcome } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });

test('sign-up waits behind the meeting dialog until the admin approves, then the user gets in', async ({ page }) => {
  const stamp = Date.now().toString().slice(-6);
  const email = `dr.new${stamp}@example.com`;
  await page.goto('/register');
  await page.getByLabel('Organization name').fill(`Fresh Smiles ${stamp}`);
  await page.getByLabel('Number of locations').fill('1');
  await page.getByLabel('Location name').fill('Main Street');
  await page.getByLabel('City').fill('Denver');
  await page.getByLabel('State').fill('CO');
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Novak');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill(`+1 303 555 ${stamp.slice(-4)}`);
  await page.locator('input[name="password"]').fill('a-strong-password');
  await page.getByRole('button', { name: 'Register' }).click();

  const pending = page.getByRole('dialog');
  await expect(pending).toContainText(/waiting for approval/i);
  await screenshot(page, 'pending-organization-1440');
  // The dialog cannot be dismissed: Escape leaves it open.
  await page.keyboard.press('Escape');
  await expect(pending).toBeVisible();
  await pending.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Warning' }).getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/$/);

  await signIn(page, DEMO.admin);
  await skipWelcome(page);
  await page.goto('/clients');
  const row = page.getByRole('row', { name: new RegExp(`Fresh Smiles ${stamp}`) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Actions for Fresh Smiles ${stamp}` }).click();
  await page.getByRole('menuitem', { name: 'Approve' }).click();
  await page.getByRole('dialog', { name: 'Approve client' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`Fresh Smiles ${stamp}`) })).toContainText(/approved/i);
  await signOut(page);

  await signIn(page, email, 'a-strong-password');
  await skipWelcome(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // A new user meets the guided tour once the welcome page is left; 'Remind me later' puts it off.
  const tour = page.getByRole('alertdialog', { name: 'Take a quick tour' });
  await tour.getByRole('button', { name: 'Remind me later' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByText(`Fresh Smiles ${stamp}`).first()).toBeVisible();
});
