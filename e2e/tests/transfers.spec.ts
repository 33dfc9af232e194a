import { expect, test, type Page } from '@playwright/test';
import { authHeader, productIdNamed } from './assistant-helpers';
import { DEMO, screenshot, signIn, signOut, skipWelcome, toast } from './helpers';

// Issue 34, item 3: units of a lot sent from Downtown to Lakeside, received there, used at a
// Lakeside visit, and that visit found by tracing the lot number, at Lakeside and at Downtown.

const run = String(Date.now()).slice(-7);
// In the catalog, stocked at Downtown and never at Lakeside: the visit there can only use the lot sent.
const BOND = 'Scotchbond Universal Plus Adhesive 5 ml Bottle';
const LAKESIDE = 'lakeside@brightsmile.demo';

async function api<T>(page: Page, method: 'get' | 'post', url: string, data?: unknown): Promise<T> {
  const res = await page.request[method](`/api/${url}`, { headers: await authHeader(page), ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method.toUpperCase()} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** An ISO day `days` from now: the lot sent expires before Downtown's own bond, so it is proposed first. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe('transfers between locations', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test.setTimeout(150_000);

  test('Downtown sends a lot to Lakeside, a Lakeside visit uses it, and recall tracing of the lot finds the patient', async ({ page }) => {
    const lot = `TR${run}`;
    const chart = `TRF-${run}`;
    await signIn(page, DEMO.manager);
    await skipWelcome(page);
    const productId = await productIdNamed(page, BOND);
    const suppliers = await api<{ results: { id: string }[] }>(page, 'get', 'supplier?search=Henry%20Schein');
    await api(page, 'post', 'stock', { product_id: productId, supplier_id: suppliers.results[0]!.id, container_quantity: 5, units_per_container: 1, price_per_container: 29.6, expiry_date: inDays(90), lotNumber: lot });

    // Send: the lot expiring first is proposed for the units.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transfers' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Transfers' })).toBeVisible();
    await page.getByRole('button', { name: 'Send units' }).click();
    const send = page.getByRole('dialog', { name: 'Send units to another location' });
    await send.getByRole('combobox', { name: 'To location' }).click();
    await page.getByRole('option', { name: 'Lakeside' }).click();
    await send.getByRole('combobox', { name: 'Product' }).fill('Scotchbond Universal');
    await page.getByRole('option', { name: new RegExp(`^${BOND}`) }).click();
    await send.getByRole('spinbutton', { name: 'Units', exact: true }).fill('2');
    await send.getByRole('button', { name: 'Add' }).click();
    const picks = send.getByRole('group', { name: `Lots of ${BOND}` });
    await expect(picks.getByRole('spinbutton', { name: new RegExp(`^Lot ${lot},`) })).toHaveValue('2');
    await expect(picks).toContainText('2 of 2 units picked');
    await send.getByRole('button', { name: 'Ship' }).click();
    await expect(toast(page, 'Units shipped')).toBeVisible();
    const sent = page.getByRole('row', { name: 'Downtown to Lakeside, In transit' }).filter({ hasText: lot });
    await expect(sent).toContainText('$59.20');
    await screenshot(page, 'transfers-1440');
    await signOut(page);

    // Lakeside receives it, in transit until then.
    await signIn(page, LAKESIDE);
    await skipWelcome(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transfers' }).click();
    const incoming = page.getByRole('row', { name: 'Downtown to Lakeside, In transit' }).filter({ hasText: lot });
    await incoming.getByRole('button', { name: /^Receive/ }).click();
    const receive = page.getByRole('dialog', { name: 'Receive from Downtown' });
    await expect(receive.getByRole('spinbutton', { name: `Units received of lot ${lot}` })).toHaveValue('2');
    await receive.getByRole('button', { name: 'Receive' }).click();
    await expect(toast(page, 'Transfer received')).toBeVisible();
    await expect(page.getByRole('row', { name: 'Downtown to Lakeside, Received' }).filter({ hasText: lot })).toBeVisible();

    // A visit at Lakeside: the bond comes from the only lot there, the one received.
    const treatment = { code: `TB${run}`, name: `Bonding ${run}` };
    await api(page, 'post', 'treatment', { treatment_code: treatment.code, name: treatment.name, treatmentProducts: [{ product_id: productId, quantity: 1 }] });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Execute' }).click();
    await page.getByRole('combobox', { name: 'Patient chart number' }).fill(chart);
    await page.getByRole('combobox', { name: 'Treatments' }).fill(treatment.code);
    await page.getByRole('option', { name: `${treatment.code} · ${treatment.name}` }).click();
    await expect(page.getByRole('region', { name: 'Tray' }).getByRole('listitem', { name: BOND })).toBeVisible();
    await page.getByRole('button', { name: 'Save procedure' }).click();
    await expect(toast(page, 'Procedure saved')).toBeVisible();
    const lakesideLots = await api<{ results: { lotNumber: string; units_left: number }[] }>(page, 'get', `stock?productId=${productId}`);
    expect(lakesideLots.results.map((s) => [s.lotNumber, s.units_left])).toEqual([[lot, 1]]);

    // Tracing the lot number at Lakeside finds the patient.
    await page.goto(`/recall?lot=${lot}`);
    await expect(page.getByRole('table', { name: 'Affected patients' })).toContainText(chart);
    await signOut(page);

    // And at Downtown, where the lot was bought: the patient of the other location, named as such.
    await signIn(page, DEMO.manager);
    await skipWelcome(page);
    await page.goto(`/recall?lot=${lot}`);
    await expect(page.getByRole('table', { name: 'Affected patients' })).toContainText(`${chart} (at Lakeside)`);
    await screenshot(page, 'recall-across-transfer-1440');
  });
});
