import { chromium, expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * The offline specs' device (issue 52): a browser with a profile on disk, so a test can close it
 * and start it again with the same IndexedDB and localStorage, as a restarted tablet does.
 */
export async function launchDevice(
  userDataDir: string,
  baseURL: string,
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    baseURL,
    viewport: { width: 820, height: 1180 },
    serviceWorkers,
  });
  return { context, page: context.pages()[0] ?? (await context.newPage()) };
}

/** These write routes fail as a lost network does (the rest of the app still loads). */
export async function cutOff(context: BrowserContext, routes: readonly string[]): Promise<void> {
  for (const route of routes) await context.route(route, (r) => r.abort('internetdisconnected'));
}

export async function reconnect(context: BrowserContext, routes: readonly string[]): Promise<void> {
  for (const route of routes) await context.unroute(route);
}

/** The visits recorded for a chart number, read through the API with the user's token. */
export async function visitsOf(page: Page, token: string, chart: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const patients = await page.request.get('/api/patient', { headers, params: { search: chart, perPage: 10 } });
  expect(patients.ok()).toBe(true);
  const patient = ((await patients.json()) as { results: { id: string; patient_chart_number: string }[] }).results.find((p) => p.patient_chart_number === chart);
  if (!patient) return 0;
  const logs = await page.request.get('/api/treatment_log', { headers, params: { patient_id: patient.id, perPage: 100 } });
  expect(logs.ok()).toBe(true);
  return ((await logs.json()) as { results: unknown[] }).results.length;
}
