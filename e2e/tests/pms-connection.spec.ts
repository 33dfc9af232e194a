import { expect, test } from '@playwright/test';
import { startOpenDentalStandIn, type OpenDentalStandIn } from '../../apps/server/test/fixtures/open-dental-stand-in';
import { authHeader } from './assistant-helpers';
import { DEMO, screenshot, signIn, skipWelcome, toast } from './helpers';

// Issue 36: Downtown's manager connects Open Dental on an 820 px tablet. The Open Dental is the
// stand-in on 127.0.0.1 (plain http: the e2e server is not a production one), with one clinic and
// no completed procedures, so nothing waits at the chair nor leaves the shelves for the specs after
// this one (practice-system.spec.ts counts what waits at Downtown). A wrong key is refused in plain
// words; the right ones list the clinic; saved with the sync on, Sync now runs it and the card shows
// a successful run. The sync is turned off again at the end.

const REFUSED_KEYS = 'Open Dental refused the keys: check the developer key and the customer key';
let od: OpenDentalStandIn;

test.beforeAll(async () => {
  od = await startOpenDentalStandIn();
  od.clinics.push({ ClinicNum: 1, Description: 'Downtown', Abbr: 'DT' });
});
test.afterAll(async () => {
  await od.close();
});

test.describe('connecting Open Dental', () => {
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true });

  test('a wrong key is refused in plain words; the right keys list the clinic, and Sync now shows a successful run', async ({ page }) => {
    await signIn(page, DEMO.manager);
    await skipWelcome(page);
    await page.goto('/pms');
    const card = page.getByRole('region', { name: 'Connect Open Dental' });
    await expect(card.getByRole('region', { name: 'Sync status' })).toContainText('Last success: not yet');

    const address = card.getByRole('textbox', { name: 'Open Dental address' });
    await address.fill(od.url);
    await card.getByLabel('Developer key').fill(od.developerKey);
    await card.getByLabel('Customer key').fill('not-the-customer-key');
    await card.getByRole('button', { name: 'Test connection' }).tap();
    await expect(card.getByRole('alert').filter({ hasText: REFUSED_KEYS })).toBeVisible();

    await card.getByLabel('Customer key').fill(od.customerKey);
    await card.getByRole('button', { name: 'Test connection' }).tap();
    await card.getByRole('button', { name: '1 · Downtown' }).tap();
    await expect(card.getByRole('textbox', { name: 'Clinic number (optional)' })).toHaveValue('1');
    await card.getByRole('switch', { name: 'Sync completed procedures' }).check();
    await card.getByRole('button', { name: 'Save' }).tap();
    await expect(toast(page, 'Open Dental connection saved')).toBeVisible();
    // Saved: the keys are never shown again.
    await expect(card.getByLabel('Developer key')).toHaveValue('');
    await expect(card.getByLabel('Developer key')).toHaveAttribute('placeholder', 'Saved');

    const status = card.getByRole('region', { name: 'Sync status' });
    await status.getByRole('button', { name: 'Sync now' }).tap();
    await expect(toast(page, 'Open Dental sync finished')).toBeVisible();
    await expect(status).toContainText(/Last success: \d{2}-\d{2}-\d{4} /);
    await expect(status.getByRole('alert')).toHaveCount(0);
    await expect(status.getByRole('button', { name: 'Sync now' })).toBeEnabled();
    // The run asked Open Dental for Downtown's changed procedures, with the keys saved.
    expect(od.requests.some((r) => r.path === '/procedurelogs' && r.query.get('ClinicNum') === '1')).toBe(true);
    await screenshot(page, 'open-dental-synced-820');

    // The demo's Downtown is left without a running sync (the stand-in goes with this spec).
    await card.getByRole('switch', { name: 'Sync completed procedures' }).uncheck();
    await card.getByRole('button', { name: 'Save' }).tap();
    await expect.poll(async () => ((await (await page.request.get('/api/pms/connection', { headers: await authHeader(page) })).json()) as { enabled: boolean }).enabled).toBe(false);
  });
});
