import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { authHeader } from './assistant-helpers';
import { chooseLotAction, DEMO, lotActionEnabled, screenshot, signIn, skipWelcome, SCREEN_SIZES, toast, usDate } from './helpers';

// Issue 20: a recalled lot followed to the patients who received it, and an implant recorded at the
// chair from its GS1 label, to the patient's implant card. Each run makes its own products and lots,
// so the demo's lots other specs name are never recalled.

const run = String(Date.now()).slice(-7);

/** A GTIN-14 with its GS1 check digit (the mod-10 of weights 3 and 1 from the right). */
function gtin14(base13: string): string {
  const sum = [...base13].reverse().reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 3 : 1), 0);
  return `${base13}${String((10 - (sum % 10)) % 10)}`;
}

async function api<T>(page: Page, method: 'get' | 'post', url: string, data?: unknown): Promise<T> {
  const res = await page.request[method](`/api/${url}`, { headers: await authHeader(page), ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method.toUpperCase()} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

async function supplierId(page: Page): Promise<string> {
  const page1 = await api<{ results: { id: string; name: string }[] }>(page, 'get', 'supplier?search=Henry%20Schein');
  return page1.results[0]!.id;
}

async function addLot(page: Page, productId: string, lotNumber: string, units: number, expiry: string): Promise<void> {
  await api(page, 'post', 'stock', { product_id: productId, supplier_id: await supplierId(page), container_quantity: 1, units_per_container: units, price_per_container: units * 12, expiry_date: expiry, lotNumber });
}

async function newTreatment(page: Page, code: string, name: string, productId: string): Promise<string> {
  return (await api<{ id: string }>(page, 'post', 'treatment', { treatment_code: code, name, treatmentProducts: [{ product_id: productId, quantity: 1 }] })).id;
}

async function chooseTreatment(page: Page, code: string, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Treatments' }).fill(code);
  await page.getByRole('option', { name: `${code} · ${name}` }).click();
}

async function photograph(page: Page, name: string): Promise<void> {
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await screenshot(page, `${name}-${String(size.width)}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe('clinical trust', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test.setTimeout(150_000);

  test('recall a lot: its alert, the patients who received it marked contacted, and the units written off', async ({ page }) => {
    const product = `Hyaluronic Filler Syringe ${run}`;
    const lot = `RC${run}`;
    const charts = [`RC-A${run}`, `RC-B${run}`];
    await signIn(page, DEMO.manager);
    await skipWelcome(page);
    const { id: productId } = await api<{ id: string }>(page, 'post', 'product', { name: product, brand: 'E2E Aesthetics', type: 'disposable', container: 'box', basic_unit: 'item' });
    await addLot(page, productId, lot, 6, '2027-01-31');
    // The other lot expires later: first expiry first gives the visits the one recalled below.
    await addLot(page, productId, `OK${run}`, 6, '2028-01-31');
    const treatmentId = await newTreatment(page, `RC${run}`, `Lip filler ${run}`, productId);
    for (const chart of charts) {
      await api(page, 'post', 'treatment_log', { patient_chart_number: chart, treatments: [treatmentId], products: [{ product_id: productId, quantity: 1 }], idempotency_key: `recall-${chart}` });
    }

    // The manufacturer's notice arrives: the lot is recalled from its row in the stock room.
    await page.goto(`/products/${productId}`);
    await expect(page.getByRole('heading', { level: 1, name: product })).toBeVisible();
    const subject = `lot ${lot} added ${usDate(new Date())}`;
    await chooseLotAction(page, subject, 'Recall');
    const recall = page.getByRole('dialog', { name: 'Recall lot' });
    await recall.getByRole('button', { name: 'Continue' }).click();
    await expect(recall.getByText('Enter the reason')).toBeVisible();
    await recall.getByRole('textbox', { name: 'Reason' }).fill('Manufacturer field safety notice: seal defect');
    await recall.getByRole('textbox', { name: 'Reference' }).fill(`FSCA-${run}`);
    await recall.getByRole('button', { name: 'Continue' }).click();
    await recall.getByRole('button', { name: 'Recall lot' }).click();
    await expect(toast(page, 'Lot recalled')).toBeVisible();
    const stockTable = page.getByRole('table', { name: /^Stock of / });
    await expect(stockTable.getByRole('row', { name: new RegExp(lot) })).toContainText('Recalled');
    // Nothing more can be taken from it at the chair or by hand.
    await expect(page.getByRole('button', { name: `Use units of ${subject}` })).toBeDisabled();
    await photograph(page, 'recalled-lot');

    // The alert at the location opens the patients who received it.
    await page.goto('/alerts');
    const alertButton = page.getByRole('link', { name: `Affected patients of ${product} lot ${lot}` });
    await expect(alertButton).toBeVisible();
    await photograph(page, 'recall-alert');
    await alertButton.click();
    await expect(page).toHaveURL(new RegExp(`/recall\\?lot=${lot}`));
    const affected = page.getByRole('table', { name: 'Affected patients' });
    for (const chart of charts) await expect(affected).toContainText(chart);

    // Each patient is marked contacted as the calls are made: who and when stay on the row.
    const first = affected.getByRole('checkbox', { name: `Contacted ${charts[0]!}` });
    await expect(first).toHaveAccessibleDescription('Not contacted');
    await first.check();
    await expect(first).toBeChecked();
    await expect(first).toHaveAccessibleDescription(new RegExp(`${usDate(new Date())}`));
    await expect(affected.getByRole('checkbox', { name: `Contacted ${charts[1]!}` })).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('table', { name: 'Affected patients' }).getByRole('checkbox', { name: `Contacted ${charts[0]!}` })).toBeChecked();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await readFile(await (await download).path(), 'utf8');
    expect(csv.split(/\r?\n/)[0]).toBe('Patient chart number,Visit date,Product,Lot,Serial,Units,Contacted by,Contacted at');
    expect(csv).toContain(charts[0]);
    await photograph(page, 'recall-contacted');

    // What is left on the shelf is written off as recalled, and leaves the books.
    await page.goto(`/products/${productId}`);
    await chooseLotAction(page, subject, 'Dispose');
    const dispose = page.getByRole('dialog', { name: 'Dispose of units' });
    await dispose.getByRole('combobox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'Recalled' }).click();
    await dispose.getByRole('spinbutton', { name: 'Units' }).fill('4');
    await dispose.getByRole('button', { name: 'Dispose' }).click();
    await page.getByRole('dialog', { name: 'Write off these units?' }).getByRole('button', { name: 'Write off' }).click();
    await expect(toast(page, 'Units written off')).toBeVisible();
    expect(await lotActionEnabled(page, subject, 'Dispose')).toBe(false);
  });

  test('an implant at the chair from its GS1 label, then the patient’s implant card', async ({ page }) => {
    const product = `Tissue Level Implant RN ${run}`;
    const gtin = gtin14(`0761${run.padStart(9, '0')}`);
    const lot = `IMP${run}`;
    const serial = `SN${run}`;
    const chart = `IMPL-${run}`;
    await signIn(page, DEMO.manager);
    await skipWelcome(page);
    const { id: productId } = await api<{ id: string }>(page, 'post', 'product', {
      name: product,
      brand: 'E2E Implants',
      type: 'disposable',
      container: 'box',
      basic_unit: 'item',
      barcode: gtin,
      manufacturer_code: '033.042S',
      implantable: true,
      manufacturer_name: 'E2E Implant Systems AG',
      manufacturer_address: 'Peter Merian-Weg 12, 4052 Basel, Switzerland',
    });
    await addLot(page, productId, `OTHER${run}`, 2, '2027-06-30');
    await addLot(page, productId, lot, 2, '2029-03-31');
    await newTreatment(page, `IM${run}`, `Implant placement ${run}`, productId);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Execute' }).click();
    await page.getByRole('combobox', { name: 'Patient chart number' }).fill(chart);
    await chooseTreatment(page, `IM${run}`, `Implant placement ${run}`);
    const implant = page.getByRole('group', { name: `Implant of ${product}` });
    await expect(implant).toBeVisible();
    // Without its label and site the visit is not saved.
    await page.getByRole('button', { name: 'Save procedure' }).click();
    await expect(implant.getByText('Scan or type the implant’s UDI')).toBeVisible();
    await expect(implant.getByText('Enter the site (tooth or area)')).toBeVisible();

    // No camera here: the scanner takes the label typed, as a handheld scanner would type it.
    await implant.getByRole('button', { name: `Scan the UDI of ${product}` }).click();
    const scanner = page.getByRole('dialog', { name: "Scan the implant's UDI" });
    await scanner.getByRole('textbox', { name: 'Barcode' }).fill(`(01)${gtin}(17)290331(10)${lot}(21)${serial}`);
    await scanner.getByRole('button', { name: 'Use code' }).click();
    await expect(implant).toContainText(`UDI-DI ${gtin} · lot ${lot} · serial ${serial} · use by 03-31-2029`);
    await implant.getByRole('textbox', { name: 'Site (tooth or area)' }).fill('36');
    await photograph(page, 'implant-at-the-chair');
    await page.getByRole('button', { name: 'Save procedure' }).click();
    await expect(toast(page, 'Procedure saved')).toBeVisible();

    // The unit came from the lot on the label, not from the one expiring first.
    const stock = await api<{ results: { lotNumber: string; units_left: number }[] }>(page, 'get', `stock?productId=${productId}&currentPage=1&perPage=5`);
    expect(Object.fromEntries(stock.results.map((s) => [s.lotNumber, s.units_left]))).toEqual({ [lot]: 1, [`OTHER${run}`]: 2 });

    await page.getByRole('link', { name: 'Open history' }).click();
    await expect(page.getByRole('heading', { level: 1, name: chart })).toBeVisible();
    const implants = page.getByRole('table', { name: 'Implants' });
    await expect(implants).toContainText(product);
    await expect(implants).toContainText('E2E Implant Systems AG');
    await expect(implants).toContainText(gtin);
    await expect(implants).toContainText(serial);
    await photograph(page, 'patient-implants');
    const card = page.waitForEvent('download');
    await implants.getByRole('button', { name: `Implant card of ${product} ${serial}` }).click();
    const file = await card;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^implant-card-${chart}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`));
    expect((await readFile(await file.path())).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
