import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO, screenshot, signIn, signOut, skipWelcome, SCREEN_SIZES } from './helpers';

// Issue 18: the organization's audit trail, for its admin; nobody else sees it.

test.describe('audit trail', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test.setTimeout(120_000);

  test('the organization admin reads who did what, filters it and exports it; a clinician has no such page', async ({ page }) => {
    // A patient's visits opened by a clinician are recorded as a read.
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit trail' })).toHaveCount(0);
    await page.goto('/audit');
    await expect(page).not.toHaveURL(/\/audit$/);
    await page.goto('/patients');
    await page.getByRole('table', { name: 'Patients' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await signOut(page);

    await signIn(page, DEMO.owner);
    await skipWelcome(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit trail' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
    const trail = page.getByRole('table', { name: 'Audit trail' });
    await expect(trail.getByRole('row').nth(1)).toBeVisible();
    // Signing in is itself on the record, newest first.
    await expect(trail).toContainText('login');

    const filters = page.getByRole('search', { name: 'Audit filters' });
    await filters.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Patient', exact: true }).click();
    await expect(trail.getByRole('row').nth(1)).toContainText('Patient');
    await expect(trail).toContainText('read');
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `audit-${String(size.width)}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await readFile(await (await download).path(), 'utf8');
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    expect(header).toBe('time,user,email,kind,entity_id,action,location,changes');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.split(',')[3] !== 'Patient')).toEqual([]);
  });
});
