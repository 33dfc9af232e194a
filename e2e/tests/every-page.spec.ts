import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readAppRoutes, routePattern, type AppRoute } from './app-routes';
import { DEMO, SCREEN_SIZES, finishAnimations, savePicture, signIn, skipWelcome } from './helpers';

/**
 * Every page of the router (issue 50, item 16), at the phone, tablet and desktop widths: axe finds
 * nothing serious or critical and no content outside the landmarks, and nothing scrolls sideways.
 * The list is the router's own (app-routes.ts), so a new page is checked from the day it is added.
 */

/** Routes not visited, and why. A route with a parameter is otherwise reached through a link (below). */
const NOT_VISITED: Record<string, string> = {
  '*': 'the catch-all sends any other address to the home page, which is visited',
  '/checkout/local/:checkoutId': 'the local payment stand-in’s checkout exists only for a checkout session that subscribing starts (subscriptions.spec.ts and signup-approval.spec.ts go through it)',
};

/** Routes with a parameter that no page links to, visited with a demo record. */
const DEMO_ADDRESSES: Record<string, string> = {
  // The chair's form with a chart number typed in the address (a demo patient's).
  '/treatment-execution/:patient_name': '/treatment-execution/BS-10231',
};

type Visitor = 'signed out' | 'organization admin' | 'product admin';

/**
 * Who opens a page: the product admin for the admin's pages, nobody for the pages outside the
 * sign-in, and the organization admin (every location permission, and the organization's own
 * pages) for the rest.
 */
function visitorOf(route: AppRoute): Visitor {
  if (!route.within.includes('RequireAuth')) return 'signed out';
  if (route.within.includes('RequireAdmin')) return 'product admin';
  return 'organization admin';
}

const ROUTES = readAppRoutes();

test('the pages checked are the router’s: each route is visited, or left out with a reason', () => {
  const paths = ROUTES.map((route) => route.path);
  // The parse finds the router's pages, among them those the hand-made list of the earlier axe test missed.
  expect(paths).toEqual(expect.arrayContaining(['/', '/dashboard', '/transfers', '/counts', '/places', '/reorder/suggestions', '/upcoming-trays', '/pms', '/clients/:organizationId']));
  // A page named here that is gone from the router fails, so the lists stay the router's.
  expect(Object.keys(NOT_VISITED).filter((path) => !paths.includes(path))).toEqual([]);
  expect(Object.keys(DEMO_ADDRESSES).filter((path) => !paths.includes(path))).toEqual([]);
  for (const [path, address] of Object.entries(DEMO_ADDRESSES)) expect(routePattern(path).test(address), `${address} is a page of ${path}`).toBe(true);
});

/** What makes the page scroll sideways: the innermost elements whose right edge is the page's. */
async function sidewaysCulprits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const edge = document.documentElement.scrollWidth - 1;
    const reaching = Array.from(document.body.querySelectorAll('*')).filter((element) => element.getBoundingClientRect().right + window.scrollX >= edge);
    return reaching
      .filter((element) => !reaching.some((other) => other !== element && element.contains(other)))
      .slice(0, 3)
      .map((element) => {
        const box = element.getBoundingClientRect();
        const mui = Array.from(element.classList).find((name) => name.startsWith('Mui')) ?? element.classList[0];
        return `${element.tagName.toLowerCase()}${mui ? `.${mui}` : ''} "${(element.textContent ?? '').trim().slice(0, 30)}" at x ${String(Math.round(box.left + window.scrollX))} to ${String(Math.round(box.right + window.scrollX))}`;
      });
  });
}

/** The page's width past the screen's, polled: right after a resize a chart may still be laid out for the previous width. */
async function sidewaysScroll(page: Page): Promise<number> {
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  try {
    await expect.poll(overflow, { timeout: 3_000 }).toBeLessThanOrEqual(1);
    return 0;
  } catch {
    return overflow();
  }
}

/**
 * Serious and critical findings, and content outside every landmark (the sidebar's brand and user
 * block were). axe runs in the page (legacy mode: the app has no frames) and reports violations
 * only: 0.5 s a run instead of 1.5-3 s, 170 runs a CI.
 */
async function axeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || violation.id === 'region')
    .map((violation) => `${violation.id} (${String(violation.nodes.length)}): ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(', ')}`);
}

/** The paths of the page's own links, to find a record for the routes with a parameter. */
async function linkedPaths(page: Page): Promise<string[]> {
  return page.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
}

/**
 * Opens each page of the visitor once, at the phone width first, and checks it at each width in
 * turn. A route with a parameter is opened at the first link to it that a page shows.
 */
async function checkPages(page: Page, visitor: Visitor): Promise<string[]> {
  const mine = ROUTES.filter((route) => visitorOf(route) === visitor && !(route.path in NOT_VISITED));
  const literal = new Set(ROUTES.map((route) => route.path).filter((path) => !path.includes(':')));
  const queue: { route: AppRoute; address: string }[] = mine
    .filter((route) => !route.path.includes(':') || route.path in DEMO_ADDRESSES)
    .map((route) => ({ route, address: DEMO_ADDRESSES[route.path] ?? route.path }));
  let waiting = mine.filter((route) => route.path.includes(':') && !(route.path in DEMO_ADDRESSES));
  const findings: string[] = [];

  for (let next = queue.shift(); next; next = queue.shift()) {
    const { route, address } = next;
    await page.setViewportSize(SCREEN_SIZES[0]);
    await page.goto(address);
    await page.waitForLoadState('networkidle');
    const landed = new URL(page.url()).pathname;
    if (!routePattern(route.path).test(landed)) {
      findings.push(`${address}: the ${visitor} was sent to ${landed}`);
      continue;
    }
    for (const path of await linkedPaths(page)) {
      if (literal.has(path)) continue;
      const linked = waiting.find((candidate) => routePattern(candidate.path).test(path));
      if (!linked) continue;
      queue.push({ route: linked, address: path });
      waiting = waiting.filter((candidate) => candidate !== linked);
    }
    const name = `page${route.path.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}`;
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      const at = `${address} at ${String(size.width)} px`;
      const overflow = await sidewaysScroll(page);
      if (overflow > 1) findings.push(`${at}: scrolls sideways by ${String(overflow)} px: ${(await sidewaysCulprits(page)).join('; ')}`);
      await finishAnimations(page);
      for (const finding of await axeFindings(page)) findings.push(`${at}: ${finding}`);
      await savePicture(page, `${name}-${String(size.width)}`);
    }
  }
  for (const route of waiting) findings.push(`${route.path}: no page the ${visitor} opened links to it; add it to DEMO_ADDRESSES or NOT_VISITED (with why)`);
  return findings;
}

test('the pages outside the sign-in pass axe and fit the screen at 390, 820 and 1440 px', async ({ page }) => {
  test.setTimeout(2 * 60_000);
  expect(await checkPages(page, 'signed out')).toEqual([]);
});

test('the organization’s pages pass axe and fit the screen at 390, 820 and 1440 px', async ({ page }) => {
  // 2.4-3.0 min on a shared two-core machine at load 11 (39 pages, 117 checks); over 8 min on a
  // day the same machine ran every suite about 2.5 times slower (2026-12-06 evening).
  test.setTimeout(15 * 60_000);
  await signIn(page, DEMO.owner);
  await skipWelcome(page);
  expect(await checkPages(page, 'organization admin')).toEqual([]);
});

test('the product admin’s pages pass axe and fit the screen at 390, 820 and 1440 px', async ({ page }) => {
  test.setTimeout(3 * 60_000);
  await signIn(page, DEMO.admin);
  await skipWelcome(page);
  expect(await checkPages(page, 'product admin')).toEqual([]);
});
