import { expect, test } from '@playwright/test';
import { chooseRowAction, DEMO, SCREEN_SIZES, screenshot, signIn, signOut, SIGNUP_RECEIVED, skipWelcome, toast } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });

test('sign-up waits behind the meeting dialog until the admin approves, meets the subscription dialog, starts the free trial and gets in', async ({ page }) => {
  const stamp = Date.now().toString().slice(-6);
  const email = `dr.new${stamp}@example.com`;
  // Whatever a pending organization's pages ask for must not fail: no 403 in the console.
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${message.text()} ${message.location().url}`);
  });
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

  // The same answer whether or not the e-mail already had an account; the new admin then signs in,
  // the e-mail filled in from the registration.
  await expect(page.getByText(SIGNUP_RECEIVED)).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.locator('input[name="password"]').fill('a-strong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();

  const pending = page.getByRole('dialog');
  await expect(pending).toContainText(/waiting for approval/i);
  // The server's BOOKING_URL and SUPPORT_EMAIL (e2e/start-server.mjs), from GET /api/config.
  await expect(pending.getByRole('link', { name: 'Schedule a meeting' })).toHaveAttribute('href', 'https://booking.example/clinic-onboarding');
  await expect(pending.getByRole('link', { name: 'support@clinic.example' })).toHaveAttribute('href', /^mailto:support@clinic\.example\?subject=Onboarding%20meeting%20for%20Fresh%20Smiles/);
  for (const size of [{ width: 390, height: 844 }, { width: 820, height: 1180 }, { width: 1180, height: 820 }, { width: 1366, height: 768 }]) {
    await page.setViewportSize(size);
    await screenshot(page, `pending-organization-${String(size.width)}x${String(size.height)}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  // Past the welcome page, straight to pages that read the organization's data: still nothing is asked for.
  for (const path of ['/dashboard', '/patients', '/products']) {
    await page.evaluate(() => { localStorage.removeItem('show_welcome'); });
    await page.goto(path);
    await expect(pending).toContainText(/waiting for approval/i);
  }
  await page.waitForLoadState('networkidle');
  expect(consoleErrors.filter((text) => text.includes('403'))).toEqual([]);
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
  await chooseRowAction(row, `Fresh Smiles ${stamp}`, 'Approve');
  await page.getByRole('dialog', { name: 'Approve client' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`Fresh Smiles ${stamp}`) })).toContainText(/approved/i);
  await signOut(page);

  await signIn(page, email, 'a-strong-password');

  // Approved but never subscribed: the blocking subscription dialog offers the plans and the free trial.
  const subscription = page.getByRole('dialog', { name: 'Subscription required' });
  await expect(subscription).toContainText('Your organization needs an active subscription to continue.');
  await page.keyboard.press('Escape');
  await expect(subscription).toBeVisible();
  for (const size of [SCREEN_SIZES[2], SCREEN_SIZES[1]]) {
    await page.setViewportSize(size);
    // The page behind the dialog lays itself out for the new width first.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    await screenshot(page, `subscription-dialog-${size.width}`);
  }
  // On a phone the session ends instead, and the sign-in page says why.
  await page.setViewportSize(SCREEN_SIZES[0]);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Sign in on a computer or tablet to choose a plan.')).toBeVisible();
  await screenshot(page, 'subscription-phone-signed-out-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, email, 'a-strong-password');
  await subscription.getByRole('button', { name: 'Start 14-day free trial: Twelve months, single location' }).click();

  await expect(page).toHaveURL(/\/checkout\/local\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Test payment — no real card is charged')).toBeVisible();
  await screenshot(page, 'local-checkout-trial-1440');
  await page.getByRole('button', { name: 'Start free trial' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, 'Payment succesfull')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Subscription required' })).toHaveCount(0);
  // A new user meets the guided tour once the welcome page is left; 'Remind me later' puts it off.
  const tour = page.getByRole('alertdialog', { name: 'Take a quick tour' });
  await tour.getByRole('button', { name: 'Remind me later' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByText(`Fresh Smiles ${stamp}`).first()).toBeVisible();
});
