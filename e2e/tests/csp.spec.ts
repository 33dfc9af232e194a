import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn, skipWelcome } from './helpers';

/**
 * The Content-Security-Policy the server sends is strict (no inline script, no framing): every
 * page of the app, as each kind of user opens it, loads without a single violation.
 */
const PUBLIC_PAGES = ['/', '/register', '/recover-account', '/terms'];
const MEMBER_PAGES = ['/dashboard', '/company-dashboard', '/categories', '/products', '/suppliers', '/users/profile', '/alerts', '/inventory', '/running-list', '/treatments/categories', '/treatment/design', '/treatment/form', '/treatment-execution', '/treatment-execution/CSP-1', '/patients', '/recall', '/purchase-history'];
const OWNER_PAGES = ['/users/company', '/import'];
const ADMIN_PAGES = ['/clients', '/products/pending', '/users/pending', '/users/rejected', '/users/deleted', '/users/test-emails', '/import/instructions', '/jobs'];

async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => { violations.push(text); });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { reportCspViolation: (text: string) => Promise<void> }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI} on ${location.pathname}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}

async function visit(page: Page, paths: string[]): Promise<void> {
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#root')).not.toBeEmpty();
  }
}

test('every page loads under the Content-Security-Policy without a violation', async ({ page }) => {
  test.setTimeout(180_000);
  const violations = await watchViolations(page);
  const res = await page.goto('/');
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  await visit(page, PUBLIC_PAGES);

  await signIn(page, DEMO.member);
  await skipWelcome(page);
  await visit(page, MEMBER_PAGES);

  await page.evaluate(() => { localStorage.clear(); });
  await signIn(page, DEMO.owner);
  await skipWelcome(page);
  await visit(page, OWNER_PAGES);

  await page.evaluate(() => { localStorage.clear(); });
  await signIn(page, DEMO.admin);
  await skipWelcome(page);
  await visit(page, ADMIN_PAGES);
  await page.goto('/api/docs');
  await expect(page.getByText('Clinic Inventory API')).toBeVisible();

  expect(violations).toEqual([]);
});
