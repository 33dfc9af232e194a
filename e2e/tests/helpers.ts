import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'clinic-demo-2026';
export const DEMO = {
  admin: 'admin@demo.clinic',
  owner: 'owner@brightsmile.demo',
  manager: 'manager@brightsmile.demo',
  member: 'hygienist@brightsmile.demo',
  assistant: 'assistant@brightsmile.demo',
  pendingOwner: 'owner@glowaesthetics.demo',
} as const;

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/$/);
}

/** Every sign-in arms the one-time welcome page; leave it and wait for the home page. */
export async function skipWelcome(page: Page): Promise<void> {
  await page.waitForURL(/\/welcome$/);
  await page.getByRole('button', { name: /continue/i }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/welcome'));
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Warning' });
  await expect(dialog).toContainText('Are you sure you want to logout ?');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Pictures for a person to look at: saved on a workstation, not in CI unless E2E_SCREENSHOTS=1. */
const SAVE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1' || process.env.CI !== 'true';

/**
 * Saves a full-page screenshot, after checking the page does not scroll sideways. `fullPage: false`
 * keeps what the screen shows, for overlays that belong to the viewport (the guided tour).
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Polled: right after a resize a toast or a chart may still be laid out for the previous width.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: `${name} is wider than the screen` }).toBeLessThanOrEqual(1);
  await finishAnimations(page);
  await savePicture(page, name, { fullPage });
}

/** Ends the running transitions, so a picture or a check sees the settled page, not a dialog halfway through its fade-in. */
export async function finishAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
    }
  });
}

/** Writes screenshots/{name}.png as the page is now; CI writes no pictures nobody will open (a third of a second each, ~250 a run). */
export async function savePicture(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  if (SAVE_SCREENSHOTS) await page.screenshot({ path: `screenshots/${name}.png`, fullPage });
}

/** The phone, tablet and desktop widths every page is checked and photographed at. */
export const SCREEN_SIZES = [
  { width: 390, height: 844 },
  { width: 820, height: 1180 },
  { width: 1440, height: 900 },
] as const;

/** Where a change is photographed for review: a phone, a tablet both ways and a laptop. */
export const REVIEW_SIZES = [
  { width: 390, height: 844 },
  { width: 820, height: 1180 },
  { width: 1180, height: 820 },
  { width: 1366, height: 768 },
] as const;

/** A screenshot of the page at each review size, then back to `restore` (the test's own size by default). */
export async function screenshotAtReviewSizes(page: Page, name: string, restore = page.viewportSize()): Promise<void> {
  for (const size of REVIEW_SIZES) {
    await page.setViewportSize(size);
    await screenshot(page, `${name}-${String(size.width)}x${String(size.height)}`);
  }
  if (restore) await page.setViewportSize(restore);
}

/** MM-DD-YYYY in the browser's calendar, as the app writes dates. */
export function usDate(date: Date): string {
  return `${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}-${String(date.getFullYear())}`;
}

/** The toast at the top of the screen (an MUI Snackbar alert). */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/** What the register page says after any sign-up, whether or not the e-mail already had an account. */
export const SIGNUP_RECEIVED = 'Thank you for registering. Check your e-mail, then sign in with your e-mail and password.';

/** Registers a new organization, signs its admin in (the approval dialog is up) and answers the login. */
export async function registerOrganization(page: Page, options: { name: string; locations?: number }): Promise<{ email: string; password: string }> {
  const stamp = `${Date.now().toString().slice(-6)}${Math.floor(Math.random() * 10)}`;
  const email = `dr.new${stamp}@example.com`;
  const password = 'a-strong-password';
  await page.goto('/register');
  await page.getByLabel('Organization name').fill(options.name);
  await page.getByLabel('Number of locations').fill(String(options.locations ?? 1));
  await page.getByLabel('Location name').fill('Main Street');
  await page.getByLabel('City').fill('Denver');
  await page.getByLabel('State').fill('CO');
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Novak');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill(`+1 303 55${stamp.slice(-5, -4)} ${stamp.slice(-4)}`);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  // Sign-up answers the same for a taken e-mail, so it signs nobody in: the new admin signs in.
  await expect(page.getByText(SIGNUP_RECEIVED)).toBeVisible();
  await signIn(page, email, password);
  await expect(page.getByRole('dialog')).toContainText(/waiting for approval/i);
  return { email, password };
}

/** The product admin approves a client from Manage Clients, then signs out. */
export async function approveClient(page: Page, name: string): Promise<void> {
  await signIn(page, DEMO.admin);
  await skipWelcome(page);
  await page.goto('/clients');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await chooseRowAction(row, name, 'Approve');
  await page.getByRole('dialog', { name: 'Approve client' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(/approved/i);
  await signOut(page);
}

/**
 * Opens a menu with its button and picks an entry. Retried until the menu shows: a list answer
 * arriving at the moment of the click (a search typed just before, a stock change, on a busy
 * machine) redraws the row, and a menu opened on the old one is gone.
 */
async function chooseFromMenu(button: Locator, item: Locator): Promise<void> {
  await expect(async () => {
    if (!(await item.isVisible())) await button.click();
    await expect(item).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await item.click();
}

/** Opens a row's (or card's) action menu, "Actions for {subject}", and picks an entry. */
export async function chooseRowAction(scope: Locator, subject: string, entry: string): Promise<void> {
  await chooseFromMenu(scope.getByRole('button', { name: `Actions for ${subject}` }), scope.page().getByRole('menu').getByRole('menuitem', { name: entry }));
}

/** Opens a Stock Room lot's "More" menu (its subject, "lot L1 added 11-27-2026", or a prefix) and picks an entry. */
export async function chooseLotAction(scope: Page | Locator, subject: string | RegExp, entry: string): Promise<void> {
  const name = typeof subject === 'string' ? `More actions for ${subject}` : new RegExp(`^More actions for ${subject.source}`);
  const page = 'page' in scope ? scope.page() : scope;
  await chooseFromMenu(scope.getByRole('button', { name }), page.getByRole('menu').getByRole('menuitem', { name: entry, exact: true }));
}

/** The state of a lot's menu entry: enabled, or greyed out with its reason. */
export async function lotActionEnabled(scope: Page | Locator, subject: string, entry: string): Promise<boolean> {
  await scope.getByRole('button', { name: `More actions for ${subject}` }).click();
  const page = 'page' in scope ? scope.page() : scope;
  const item = page.getByRole('menu').getByRole('menuitem', { name: new RegExp(`^${entry}`) });
  const enabled = (await item.getAttribute('aria-disabled')) !== 'true';
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  return enabled;
}

/**
 * Types into a server-searched combobox and picks an option, until the box holds it: on a busy
 * machine the answer to the typed letters can re-render the list between finding an option and
 * clicking it.
 */
export async function chooseOption(page: Page, combobox: Locator, typed: string, option: string): Promise<void> {
  await expect(async () => {
    await combobox.fill(typed);
    await page.getByRole('option', { name: option }).click({ timeout: 5_000 });
    await expect(combobox).toHaveValue(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * A product of the test's own with one lot of 20 units (Henry Schein's, $40 the box) in a storage
 * place of its own, made through the API as the given user: what a count of that place finds.
 */
export async function lotOnOwnShelf(
  page: Page,
  headers: Record<string, string>,
  shelf: { name: string; placeName: string; lot: string; barcode?: string },
): Promise<{ product: { id: string }; place: { id: string } }> {
  const product = (await (await page.request.post('/api/product', { headers, data: { name: shelf.name, brand: 'E2E Dental', ...(shelf.barcode && { barcode: shelf.barcode }), type: 'disposable', container: 'box', basic_unit: 'item' } })).json()) as { id: string };
  const place = (await (await page.request.post('/api/places', { headers, data: { name: shelf.placeName } })).json()) as { id: string };
  const suppliers = (await (await page.request.get('/api/supplier?search=Henry', { headers })).json()) as { results: { id: string }[] };
  const stock = await page.request.post('/api/stock', {
    headers,
    data: { product_id: product.id, supplier_id: suppliers.results[0]!.id, container_quantity: 1, units_per_container: 20, price_per_container: 40, expiry_date: '2030-12-31', lotNumber: shelf.lot, place_id: place.id },
  });
  expect(stock.status()).toBe(201);
  return { product, place };
}
