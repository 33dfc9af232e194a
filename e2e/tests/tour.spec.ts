import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, screenshot, SCREEN_SIZES, signIn, signOut, skipWelcome } from './helpers';

const PASSWORD = 'tour-new-member-2026';
const DAY_MS = 24 * 60 * 60 * 1000;
const HIDE = "I got it, don't show again";
const REMIND = 'Remind me later';
/** The tour belongs to the screen: its pictures show what the user sees. */
const VIEWPORT = { fullPage: false };

/** The tour's stops for a location member, in the spec's order, and the element each one points at. */
const STOPS = [
  { id: 'home', title: 'Home', url: /\/dashboard$/ },
  { id: 'product-search', title: 'Products', url: /\/products$/ },
  { id: 'stock-room', title: 'Stock Room', url: /\/products\/[0-9a-f-]{36}$/ },
  { id: 'running-lists', title: 'Purchasing', url: /\/running-list$/ },
  { id: 'execute', title: 'Execute', url: /\/treatment-execution$/ },
  { id: 'patient-history', title: 'Patient history', url: /\/patients$/ },
  { id: 'alerts', title: 'Alerts', url: /\/alerts$/ },
] as const;

async function bearer(request: APIRequestContext, email: string, password = 'clinic-demo-2026'): Promise<{ Authorization: string }> {
  const answer = await request.post('/api/auth/login', { data: { username: email, password } });
  expect(answer.ok(), `sign-in of ${email}`).toBe(true);
  return { Authorization: `Bearer ${((await answer.json()) as { access_token: string }).access_token}` };
}

/**
 * A member the manager has just invited and who has chosen a password: someone new to the app,
 * for whom the tour is due (the demo accounts have seen it).
 */
async function newMember(request: APIRequestContext, label: string): Promise<string> {
  const stamp = Date.now().toString().slice(-7);
  const email = `tour.${label}.${stamp}@example.com`;
  const manager = await bearer(request, DEMO.manager);
  const { company } = (await (await request.get('/api/auth/profile', { headers: manager })).json()) as { company: { id: string } };
  const created = await request.post('/api/user', {
    headers: manager,
    data: { first_name: 'Toni', last_name: 'Tour', email, phone: `+1 512 ${stamp}`, role: 'company_member', company_id: company.id },
  });
  expect(created.status()).toBe(201);
  // The invitation waits in the outbox (no SMTP here); its link carries the token.
  const admin = await bearer(request, DEMO.admin);
  const outbox = (await (await request.get('/api/user/test-emails', { headers: admin, params: { currentPage: 1, perPage: 50 } })).json()) as {
    results: { to: string; text: string }[];
  };
  const token = /reset-password\?token=([\w-]+)/.exec(outbox.results.find((mail) => mail.to === email)?.text ?? '')?.[1];
  expect(token, `invitation for ${email}`).toBeTruthy();
  expect((await request.post('/api/password/reset', { data: { token, password: PASSWORD } })).ok()).toBe(true);
  return email;
}

/** What the account holds about the tour, read as the user. */
async function tourSettings(request: APIRequestContext, email: string) {
  const profile = (await (await request.get('/api/auth/profile', { headers: await bearer(request, email, PASSWORD) })).json()) as {
    hideTour: boolean;
    remindTourAfter: string | null;
  };
  return { hideTour: profile.hideTour, remindTourAfter: profile.remindTourAfter };
}

const step = (page: Page, title: string) => page.getByRole('alertdialog', { name: title });

/** Waits until the tooltip stops moving (the page scrolls to the step's target first). */
async function settled(tooltip: Locator): Promise<void> {
  let last = '';
  await expect
    .poll(async () => {
      const box = JSON.stringify(await tooltip.boundingBox());
      const still = box === last;
      last = box;
      return still;
    }, { intervals: [150] })
    .toBe(true);
}

/** The tooltip and its target are on screen, the tooltip whole and its lasting choices reachable. */
async function expectUsable(page: Page, tooltip: Locator, width: number, target?: string): Promise<void> {
  await expect(tooltip).toBeVisible();
  await settled(tooltip);
  const box = (await tooltip.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  await expect(tooltip.getByRole('button', { name: HIDE })).toBeInViewport();
  await expect(tooltip.getByRole('button', { name: REMIND })).toBeInViewport();
  if (target) await expect(page.locator(`[data-tour="${target}"]`)).toBeInViewport();
}

/** Signs the new member in, meets the tour after the welcome page, and walks it to its last step with Next. */
async function walkTour(page: Page, email: string, width: number): Promise<Locator> {
  await signIn(page, email, PASSWORD);
  await skipWelcome(page);
  const intro = step(page, 'Take a quick tour');
  await expectUsable(page, intro, width);
  await expect(intro).toContainText('Step 1 of 8');
  await screenshot(page, `tour-intro-${String(width)}`, VIEWPORT);
  await intro.getByRole('button', { name: 'Start the tour' }).click();

  for (const [index, stop] of STOPS.entries()) {
    const tooltip = step(page, stop.title);
    await expectUsable(page, tooltip, width, stop.id);
    await expect(page).toHaveURL(stop.url);
    await expect(tooltip).toContainText(`Step ${String(index + 2)} of 8`);
    await screenshot(page, `tour-${stop.id}-${String(width)}`, VIEWPORT);
    if (index < STOPS.length - 1) await tooltip.getByRole('button', { name: 'Next' }).click();
  }
  return step(page, 'Alerts');
}

const [PHONE, TABLET, DESKTOP] = SCREEN_SIZES;

test.describe('guided tour', () => {
  test.describe(`${String(DESKTOP.width)} px`, () => {
    test.use({ viewport: DESKTOP });

    test('runs across the pages, Back opens the previous one, and Finish ends it for this sign-in only', async ({ page, request }) => {
      const email = await newMember(request, 'finish');
      const last = await walkTour(page, email, DESKTOP.width);

      await last.getByRole('button', { name: 'Back' }).click();
      await expectUsable(page, step(page, 'Patient history'), DESKTOP.width, 'patient-history');
      await expect(page).toHaveURL(/\/patients$/);
      await step(page, 'Patient history').getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(/\/alerts$/);

      await step(page, 'Alerts').getByRole('button', { name: 'Finish' }).click();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await screenshot(page, `tour-finished-${String(DESKTOP.width)}`);
      // Not again in this sign-in, not even after a reload; nothing is saved on the account.
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Alerts' })).toBeVisible();
      await page.waitForTimeout(1500);
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      expect(await tourSettings(request, email)).toEqual({ hideTour: false, remindTourAfter: null });

      // The next sign-in offers it again; Skip ends it the same way.
      await signOut(page);
      await signIn(page, email, PASSWORD);
      await skipWelcome(page);
      const intro = step(page, 'Take a quick tour');
      await expect(intro).toBeVisible();
      await intro.getByRole('button', { name: 'Skip' }).click();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      expect(await tourSettings(request, email)).toEqual({ hideTour: false, remindTourAfter: null });
    });
  });

  test.describe(`${String(TABLET.width)} px`, () => {
    test.use({ viewport: TABLET });

    test(`"${HIDE}" saves hideTour: the tour stays away, and Profile still offers it`, async ({ page, request }) => {
      const email = await newMember(request, 'hide');
      const last = await walkTour(page, email, TABLET.width);

      await last.getByRole('button', { name: HIDE }).click();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect.poll(() => tourSettings(request, email)).toEqual({ hideTour: true, remindTourAfter: null });

      await signOut(page);
      await signIn(page, email, PASSWORD);
      await skipWelcome(page);
      await page.waitForTimeout(1500);
      await expect(page.getByRole('alertdialog')).toHaveCount(0);

      await page.goto('/users/profile');
      await page.getByRole('button', { name: 'Take the guided tour' }).click();
      const intro = step(page, 'Take a quick tour');
      await expectUsable(page, intro, TABLET.width);
      await screenshot(page, `tour-from-profile-${String(TABLET.width)}`, VIEWPORT);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
    });
  });

  test.describe(`${String(PHONE.width)} px`, () => {
    test.use({ viewport: PHONE });

    test(`"${REMIND}" puts the tour off for one day`, async ({ page, request }) => {
      const email = await newMember(request, 'remind');
      const last = await walkTour(page, email, PHONE.width);

      const before = Date.now();
      await last.getByRole('button', { name: REMIND }).click();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect.poll(async () => (await tourSettings(request, email)).remindTourAfter).not.toBeNull();
      const settings = await tourSettings(request, email);
      expect(settings.hideTour).toBe(false);
      const remindAt = Date.parse(settings.remindTourAfter!);
      expect(remindAt).toBeGreaterThanOrEqual(before + DAY_MS - 1000);
      expect(remindAt).toBeLessThanOrEqual(Date.now() + DAY_MS);

      await signOut(page);
      await signIn(page, email, PASSWORD);
      await skipWelcome(page);
      await page.waitForTimeout(1500);
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await screenshot(page, `tour-reminded-${String(PHONE.width)}`);
    });
  });
});
