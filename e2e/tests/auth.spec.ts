import { expect, test } from '@playwright/test';
import { DEMO, signIn, signOut, skipWelcome } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });

test('signs in, keeps the session on reload and at /, and signs out through the Warning dialog', async ({ page }) => {
  await signIn(page, DEMO.member);
  await skipWelcome(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Bright Smile Dental Group').first()).toBeVisible();

  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Logout' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Warning' });
  await expect(dialog).toContainText('Are you sure you want to logout ?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);

  await signOut(page);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  await page.goto('/users/profile');
  await expect(page).toHaveURL(/\/$/);
});

test('shows the server message for a wrong password, on a sign-in page that loads none of the app', async ({ page }) => {
  // / is the page prerendered at build time (apps/web/src/sign-in): the app's entry is not fetched.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email').fill(DEMO.member);
  await expect(page.getByText('Email is required')).toBeHidden();
  await page.locator('input[name="password"]').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => /\/assets\/main-/.test(path))).toEqual([]);
});

test('a stored token the server refuses clears storage and returns to sign-in', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('access_token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad');
    localStorage.setItem('something_else', 'kept?');
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
});

test('a company member cannot open admin pages and is sent to Manage Users', async ({ page }) => {
  await signIn(page, DEMO.member);
  await skipWelcome(page);
  for (const path of ['/clients', '/users/pending', '/users/rejected', '/users/deleted']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/users\/company$/);
  }
  await expect(page.getByRole('link', { name: 'Manage Clients' })).toHaveCount(0);
});

test('unknown paths go to the dashboard', async ({ page }) => {
  await signIn(page, DEMO.manager);
  await skipWelcome(page);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('payment return shows the spec messages', async ({ page }) => {
  await signIn(page, DEMO.owner);
  await skipWelcome(page);
  await page.goto('/dashboard?success=true');
  await expect(page.getByText('Payment succesfull')).toBeVisible();
  await page.goto('/dashboard?cancelled=true');
  await expect(page.getByText('Payment Cancelled')).toBeVisible();
});
