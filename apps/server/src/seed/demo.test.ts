import { randomUUID } from 'node:crypto';
import { DEFAULT_PLACE_NAME, STOCK_MESSAGES } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/setup/test-app';
import { queryRows } from '../../test/setup/sql';
import { findUserByEmail } from '../modules/users/users.repo';
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from './demo-catalog-data';
import { DEMO_IMPLANT } from './demo-visits-data';
import { seedDemo } from './demo';
import { DEMO_PLACES } from './demo-places-data';
import { DEMO_COUNT_DIFFERENCES, DEMO_FOUND_LOT } from './demo-counts-data';
import { DEMO_TRANSFER } from './demo-transfers-data';
import { DEMO_LAST_MONTH_PRODUCTION } from './demo-pms-data';
import type { UpcomingTrays } from '@clinic/domain';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it('seeds the demo organizations and catalog once, and a second start changes nothing', async () => {
  await seedDemo(t.deps);
  await seedDemo(t.deps);
  const member = await findUserByEmail(t.db, 'hygienist@brightsmile.demo');
  const token = t.tokenFor(member!);
  const categories = (await t.request({ method: 'GET', url: '/api/category?perPage=100', token })).json();
  expect(categories.total).toBe(DEMO_CATEGORIES.length);
  const products = (await t.request({ method: 'GET', url: '/api/product/v2?perPage=1', token })).json();
  // The shared catalog plus Downtown's two products awaiting approval.
  expect(products.total).toBe(DEMO_PRODUCTS.length + 2);
  const admin = await findUserByEmail(t.db, 'admin@demo.clinic');
  const pending = (await t.request({ method: 'GET', url: '/api/product/v2?approval=pending', token: t.tokenFor(admin!) })).json();
  expect(pending.results.map((p: { name: string }) => p.name).sort()).toEqual(['Capitol Lab Custom Tray Resin', 'Lidocaine Topical Gel 20% Cherry']);
  const search = (await t.request({ method: 'GET', url: '/api/product/v2?fuzzySearchQuery=juvederm', token })).json();
  expect(search.total).toBeGreaterThan(0);
  // Seeds the whole demo twice (about 10 s on an idle 2-core machine): room for a busy one.
}, 120_000);

it('puts Bright Smile on the paid twelve-month multiple-location plan, and leaves Glow Aesthetics to meet the dialog once approved', async () => {
  await seedDemo(t.deps);
  const owner = await findUserByEmail(t.db, 'owner@brightsmile.demo');
  const bright = (await t.request({ method: 'GET', url: '/api/payments/refresh-subscriptions', token: t.tokenFor(owner!) })).json();
  expect(bright).toMatchObject({ state: 'active', effective: { plan_id: 'twelve_months_multiple', status: 'active' }, setup_fee: { due: false } });
  expect(bright.invoices).toEqual([expect.objectContaining({ status: 'paid', amount_cents: 15_099 * 12 * 2 + 100_000 })]);

  const glowOwner = await findUserByEmail(t.db, 'owner@glowaesthetics.demo');
  const admin = await findUserByEmail(t.db, 'admin@demo.clinic');
  const glow = (await t.request({ method: 'GET', url: `/api/payments/my-subscriptions?organization_id=${glowOwner!.organizationId!}`, token: t.tokenFor(admin!) })).json();
  expect(glow).toMatchObject({ state: 'never', subscriptions: [] });
});

it('marks every demo account as having seen the guided tour', async () => {
  await seedDemo(t.deps);
  for (const email of ['admin@demo.clinic', 'owner@brightsmile.demo', 'manager@brightsmile.demo', 'hygienist@brightsmile.demo', 'assistant@brightsmile.demo', 'lakeside@brightsmile.demo', 'owner@glowaesthetics.demo']) {
    expect({ email, hideTour: (await findUserByEmail(t.db, email))?.hideTour }).toEqual({ email, hideTour: true });
  }
});

it('seeds a year of stock: each kind of alert at Downtown, and a product bought four times to track', async () => {
  const member = await findUserByEmail(t.db, 'hygienist@brightsmile.demo');
  const token = t.tokenFor(member!);
  const alerts = (await t.request({ method: 'GET', url: '/api/alert?perPage=50', token })).json();
  expect(alerts.counts).toEqual({ low_stock: 3, expiring: 3, expired: 1, recalled: 1, requested: 1 });
  expect(alerts.results.filter((a: { kind: string }) => a.kind === 'expired').map((a: { product: { name: string } }) => a.product.name)).toEqual(['Biodentine Capsules (Box of 15)']);

  const search = (await t.request({ method: 'GET', url: '/api/product/v2?fuzzySearchQuery=Cook-Waite%20Lidocaine', token })).json();
  const lidocaine = search.results.find((p: { name: string }) => p.name === 'Cook-Waite Lidocaine HCl 2% with Epinephrine 1:100000');
  const stock = (await t.request({ method: 'GET', url: `/api/stock?productId=${String(lidocaine.id)}&perPage=5`, token })).json();
  expect(stock.total).toBe(4);
  // Newest first: 100 received, 36 uses of 1.5.
  expect(stock.results[0]).toMatchObject({ lotNumber: 'LC25A088', units_left: 46 });
  const tracking = (await t.request({ method: 'GET', url: `/api/product/${String(lidocaine.id)}/tracking-reports`, token })).json();
  expect(tracking.cycle).toBe(4);
  // Manual uses of each lot, plus the demo visits' composites (1.5 cartridges each), drawn first-expiry-first.
  expect(tracking.cycle_counts.map((c: { count: number }) => c.count)).toEqual([25, 29, 33, 36]);
  expect(tracking.is_usage_improving).toBe('improving');
  expect(tracking.is_cost_improving).toBe('declined');

  // A second start adds nothing.
  await seedDemo(t.deps);
  expect((await t.request({ method: 'GET', url: `/api/stock?productId=${String(lidocaine.id)}`, token })).json().total).toBe(4);

  const lakeside = await findUserByEmail(t.db, 'lakeside@brightsmile.demo');
  const lakesideAlerts = (await t.request({ method: 'GET', url: '/api/alert', token: t.tokenFor(lakeside!) })).json();
  expect(lakesideAlerts.counts).toEqual({ low_stock: 0, expiring: 0, expired: 0, recalled: 0, requested: 0 });
});

it('seeds an open running list and past purchase orders, received ones linked to their lots, each with its PDF', async () => {
  const manager = await findUserByEmail(t.db, 'manager@brightsmile.demo');
  const token = t.tokenFor(manager!);
  const open = (await t.request({ method: 'GET', url: '/api/purchase/running-list?is_not_ordered=true', token })).json();
  expect(open.results.map((l: { supplier: { name: string }; products_count: number }) => [l.supplier.name, l.products_count])).toEqual([['Henry Schein Dental', 3]]);
  // The hygienist's Request Product: the needles' line grew by her box and turned high priority.
  const henry = (await t.request({ method: 'GET', url: `/api/purchase/running-list/${String(open.results[0].id)}`, token })).json();
  const needles = henry.runningListProducts.find((l: { product: { name: string } }) => l.product.name.startsWith('Septoject'));
  expect(needles).toMatchObject({ quantity: 3, high_priority: true, requested_by: [expect.objectContaining({ name: 'Hannah Lee', urgency: 'this_week', quantity: 1 })] });
  const member = await findUserByEmail(t.db, 'hygienist@brightsmile.demo');
  const mine = (await t.request({ method: 'GET', url: `/api/product/${String(needles.product_id)}/requests`, token: t.tokenFor(member!) })).json();
  expect(mine.results).toEqual([expect.objectContaining({ state: 'requested', quantity: 1, note: 'Down to the last box in operatory 2' })]);
  const orders = (await t.request({ method: 'GET', url: '/api/purchase/purchase-order', token })).json();
  // The last two came through the marketplace (below).
  expect(orders.results.map((o: { number: string; status: string }) => [o.number, o.status])).toEqual([
    ['PO-000005', 'ordered'],
    ['PO-000004', 'received'],
    ['PO-000003', 'ordered'],
    ['PO-000002', 'received'],
    ['PO-000001', 'received'],
  ]);
  const lidocaine = (await t.request({ method: 'GET', url: `/api/purchase/purchase-order/${String(orders.results[4].id)}`, token })).json();
  expect(lidocaine.receipts).toEqual([expect.objectContaining({ lotNumber: 'LC25A088', container_quantity: 2 })]);
  const pdf = await t.request({ method: 'GET', url: lidocaine.pdf_url });
  expect(pdf.headers['content-type']).toContain('application/pdf');
  // Their e-mails went out when the orders were placed: nothing waits to be sent to the demo's suppliers.
  expect(await queryRows(t.db, sql`select status, count(*)::int as n from email_outbox where "to" like 'rep.%' group by status`)).toEqual([{ status: 'sent', n: 5 }]);
});

it('seeds price lists for the six suppliers, overlapping at different prices, and two past marketplace orders', async () => {
  const member = await findUserByEmail(t.db, 'hygienist@brightsmile.demo');
  const token = t.tokenFor(member!);
  const suppliers = (await t.request({ method: 'GET', url: '/api/supplier?perPage=100', token })).json().results as { id: string; name: string }[];
  const summaries = await Promise.all(suppliers.map(async (s) => [s.name, (await t.request({ method: 'GET', url: `/api/supplier/${s.id}/price-list`, token })).json().summary]));
  expect(summaries).toHaveLength(6);
  for (const [, summary] of summaries) expect(summary).toMatchObject({ items: expect.any(Number), matched: expect.any(Number), unmatched: expect.any(Number) });
  for (const [, summary] of summaries) expect(summary.matched).toBeGreaterThan(0);
  for (const [, summary] of summaries) expect(summary.unmatched).toBeGreaterThan(0);

  // A composite three dental suppliers sell, side by side: the comparison has a cheapest offer.
  const search = (await t.request({ method: 'GET', url: '/api/marketplace/products?search=Filtek Supreme Ultra Universal Restorative A2 Body', token })).json();
  const offers = search.results[0].offers as { vendor: { name: string }; cheapest: boolean; unit_price: number }[];
  expect(offers.length).toBeGreaterThan(1);
  expect(offers.filter((o) => o.cheapest)).toHaveLength(1);
  expect(new Set(offers.map((o) => o.unit_price)).size).toBe(offers.length);

  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const orders = (await t.request({ method: 'GET', url: `/api/order-status?startDate=${day(30)}&endDate=${day(0)}`, token })).json();
  expect(orders.results.map((o: { vendor: { name: string }; status: string; receiving_status: string; tracking_url: string | null }) => [o.vendor.name, o.status, o.receiving_status, Boolean(o.tracking_url)])).toEqual([
    ['Patterson Dental', 'shipped', 'ordered', true],
    ['Henry Schein Dental', 'delivered', 'received', true],
  ]);
});

it('seeds treatment designs whose trays the demo stock can serve', async () => {
  const member = await findUserByEmail(t.db, 'hygienist@brightsmile.demo');
  const token = t.tokenFor(member!);
  const categories = (await t.request({ method: 'GET', url: '/api/treatment/category', token })).json();
  expect(categories.results.map((c: { name: string; treatment_count: number }) => [c.name, c.treatment_count])).toEqual([
    ['Aesthetics', 2],
    ['Oral Surgery', 2],
    ['Preventive', 2],
    ['Restorative', 2],
  ]);
  const extraction = (await t.request({ method: 'GET', url: '/api/treatment?search=D7140', token })).json().results[0];
  expect(extraction.treatmentProducts).toHaveLength(5);
  // Every product of the tray has a usable lot, so the visit has a price.
  expect(extraction.treatmentProducts.every((p: { estimated_unit_price: number | null }) => p.estimated_unit_price !== null)).toBe(true);
  expect(extraction.estimated_cost).toBeGreaterThan(0);
});

it('seeds weeks of visits with case notes, costed at the lots they used', async () => {
  const member = await findUserByEmail(t.db, 'hygienist@brightsmile.demo');
  const token = t.tokenFor(member!);
  const patients = (await t.request({ method: 'GET', url: '/api/patient?perPage=50', token })).json();
  expect(patients.totals).toMatchObject({ patients: 9, visits: 14 });
  expect(patients.totals.life_time_cost).toBeGreaterThan(0);
  const returning = patients.results.find((p: { patient_chart_number: string }) => p.patient_chart_number === 'BS-10231');
  expect(returning).toMatchObject({ total_visits: 2 });
  const visits = (await t.request({ method: 'GET', url: `/api/treatment_log?patient_id=${String(returning.id)}`, token })).json().results;
  expect(visits[0].treatments.map((tr: { treatment_code: string }) => tr.treatment_code)).toEqual(['D2940']);
  expect(visits[1].caseNotes).toContain('Fluoride varnish applied');
  expect(visits[1].treatment_log_products.every((p: { cost: number }) => p.cost > 0)).toBe(true);
});

it('seeds clinical trust: two patients with implants of a lot since recalled, its alert, one patient called, and write-offs in the waste report', async () => {
  const manager = await findUserByEmail(t.db, 'manager@brightsmile.demo');
  const token = t.tokenFor(manager!);
  const catalog = (await t.request({ method: 'GET', url: `/api/product/v2?fuzzySearchQuery=${encodeURIComponent('Straumann BLX')}`, token })).json();
  const implant = catalog.results.find((p: { name: string }) => p.name === DEMO_IMPLANT);
  expect(implant).toMatchObject({ implantable: true, barcode: '7604036497822' });

  // The implant lots: SX3417 recalled with its last fixture on the shelf, SX3522 available for the next placement.
  const lots = (await t.request({ method: 'GET', url: `/api/stock?productId=${String(implant.id)}&perPage=5`, token })).json().results;
  const byLot = new Map(lots.map((l: { lotNumber: string }) => [l.lotNumber, l]));
  expect(byLot.get('SX3417')).toMatchObject({ status: 'recalled', status_reference: 'FSCA-2026-114', units_left: 1, total_units: 3 });
  expect(byLot.get('SX3417')).toMatchObject({ status_reason: expect.stringContaining('field safety notice'), status_changed_by: expect.any(String) });
  expect(byLot.get('SX3522')).toMatchObject({ status: 'available', units_left: 4 });

  // The Alerts page shows the recall.
  const alerts = (await t.request({ method: 'GET', url: '/api/alert?kind=recalled', token })).json();
  expect(alerts.results).toEqual([
    expect.objectContaining({ kind: 'recalled', product: expect.objectContaining({ name: DEMO_IMPLANT }), stock: expect.objectContaining({ lotNumber: 'SX3417', units_left: 1 }), recall: expect.objectContaining({ reference: 'FSCA-2026-114' }) }),
  ]);

  // Tracing the lot finds both patients; the first one has been called.
  const recall = (await t.request({ method: 'GET', url: '/api/recall?lot=sx3417', token })).json();
  const contacted = Object.fromEntries(recall.patients.map((p: { patient_chart_number: string; contacted: unknown }) => [p.patient_chart_number, p.contacted !== null]));
  expect(contacted).toEqual({ 'BS-10915': true, 'BS-10958': false });
  expect(recall.visits.map((v: { serial_number: string }) => v.serial_number).sort()).toEqual(['SN24117031', 'SN24117032']);

  // Each patient's implant, with its UDI (the lot's expiry in it), site and manufacturer, and its card.
  const patients = (await t.request({ method: 'GET', url: '/api/patient?perPage=50', token })).json().results as { id: string; patient_chart_number: string }[];
  const expiry = (byLot.get('SX3417') as { expiry_date: string }).expiry_date;
  for (const [chart, serial, site] of [
    ['BS-10915', 'SN24117031', '#19'],
    ['BS-10958', 'SN24117032', '#3'],
  ] as const) {
    const patient = patients.find((p) => p.patient_chart_number === chart)!;
    const implants = (await t.request({ method: 'GET', url: `/api/patient/${patient.id}/implants`, token })).json();
    expect(implants.results).toEqual([
      expect.objectContaining({
        product: expect.objectContaining({ name: DEMO_IMPLANT }),
        manufacturer_name: 'Institut Straumann AG',
        udi: `(01)07604036497822(17)${expiry.slice(2).replaceAll('-', '')}(10)SX3417(21)${serial}`,
        device_identifier: '07604036497822',
        lot_number: 'SX3417',
        serial_number: serial,
        expiry_date: expiry,
        site,
      }),
    ]);
    const card = await t.request({ method: 'GET', url: `/api/implant/${String(implants.results[0].id)}/card`, token });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toContain('application/pdf');
  }

  // Write-offs: the dashboard's default range (this month) has today's damaged syringe and return;
  // the past month has the two expired lots too (units x the lot's unit price).
  const month = (await t.request({ method: 'GET', url: '/api/reports/waste', token })).json();
  expect(month.totals).toMatchObject({ damaged: 360, credits: 30.52, returned: 35.9 });
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const weeks = (await t.request({ method: 'GET', url: `/api/reports/waste?start_date=${day(30)}&end_date=${day(0)}`, token })).json();
  expect(weeks.totals).toEqual({ expired: 283.7, damaged: 360, recalled: 0, other: 0, waste: 643.7, returned: 35.9, credits: 30.52 });
  expect(weeks.results.filter((d: { expired: number; damaged: number; credits: number }) => d.expired + d.damaged + d.credits > 0).map((d: { date: string }) => d.date)).toEqual([day(24), day(13), day(0)]);

  // A second start writes nothing off again.
  await seedDemo(t.deps);
  expect((await t.request({ method: 'GET', url: `/api/reports/waste?start_date=${day(30)}&end_date=${day(0)}`, token })).json().totals.waste).toBe(643.7);
});

it('lets the chair place a new fixture of the lot on the shelf by its UDI, and refuses one of the recalled lot', async () => {
  const member = await findUserByEmail(t.db, 'hygienist@brightsmile.demo');
  const token = t.tokenFor(member!);
  const design = (await t.request({ method: 'GET', url: '/api/treatment?search=D6010', token })).json().results[0];
  const tray = design.treatmentProducts as { product: { id: string; name: string }; quantity: number }[];
  // The UDI a browser test types: any use-by date reads; the lot and serial are the ones on the box.
  const visit = (udi: string) =>
    t.request({
      method: 'POST',
      url: '/api/treatment_log',
      token,
      payload: {
        idempotency_key: randomUUID(),
        patient_chart_number: `BS-${randomUUID().slice(0, 5)}`,
        treatments: [design.id],
        products: tray.map((p) => ({ product_id: p.product.id, quantity: p.quantity, ...(p.product.name === DEMO_IMPLANT && { implant: { udi, site: '#30' } }) })),
      },
    });
  const recalled = await visit('(01)07604036497822(17)300630(10)SX3417(21)SN24117033');
  expect(recalled.statusCode).toBe(409);
  expect(recalled.json().message).toBe(STOCK_MESSAGES.lotRecalled(DEMO_IMPLANT, 'SX3417'));
  const placed = await visit('(01)07604036497822(17)310331(10)SX3522(21)SN25090114');
  expect(placed.statusCode).toBe(201);
  const implantId = tray.find((p) => p.product.name === DEMO_IMPLANT)!.product.id;
  const lots = (await t.request({ method: 'GET', url: `/api/stock?productId=${implantId}&perPage=5`, token })).json().results as { lotNumber: string; units_left: number }[];
  expect(Object.fromEntries(lots.map((l) => [l.lotNumber, l.units_left]))).toMatchObject({ SX3417: 1, SX3522: 3 });
});

it('seeds storage places at Downtown with units moved into them', async () => {
  await seedDemo(t.deps);
  const manager = await findUserByEmail(t.db, 'manager@brightsmile.demo');
  const token = t.tokenFor(manager!);
  const places = (await t.request({ method: 'GET', url: '/api/places', token })).json().places;
  expect(places.map((p: { name: string }) => p.name)).toEqual([DEFAULT_PLACE_NAME, ...DEMO_PLACES]);
  // Other tests here use units at the chair, from whichever place first expiry picks.
  expect(places.every((p: { units: number }) => p.units > 0)).toBe(true);
  // The needles' lot is in three places now, all of one lot number, adding up to what it was.
  const lots = await queryRows<{ place: string; left: number }>(
    t.db,
    sql`select p.name as place, s.total_units as left from stocks s join storage_places p on p.id = s.place_id where s.company_id = ${manager!.companyId} and s.lot_number = 'SJ-5530' order by p.name`,
  );
  expect(lots.map((l) => l.place)).toEqual([DEFAULT_PLACE_NAME, 'Operatory 1', 'Operatory 2']);
  expect(lots.slice(1).map((l) => l.left)).toEqual([40, 40]);
  // Moves are no usage: the needles' usage report counts the visits' units only.
  const moved = await queryRows(t.db, sql`select count(*)::int as n from stock_usages where company_id = ${manager!.companyId} and kind = 'move'`);
  expect(moved).toEqual([{ n: 3 }]);
  // A second start adds nothing.
  await seedDemo(t.deps);
  expect((await t.request({ method: 'GET', url: '/api/places', token })).json().places).toHaveLength(DEMO_PLACES.length + 1);
});

it('seeds a finished count at Downtown whose differences are on the books', async () => {
  await seedDemo(t.deps);
  const manager = await findUserByEmail(t.db, 'manager@brightsmile.demo');
  const token = t.tokenFor(manager!);
  const counts = (await t.request({ method: 'GET', url: '/api/counts', token })).json();
  expect(counts.total).toBe(1);
  const [count] = counts.results;
  expect(count).toMatchObject({ scope: 'location', status: 'approved', found: 1, started_by: expect.any(String), approved_by: expect.any(String) });
  expect(count.counted).toBe(count.lines);
  expect(count.accuracy).toBeGreaterThan(0.8);
  expect(count.accuracy).toBeLessThan(1);
  const differences = (await t.request({ method: 'GET', url: `/api/counts/${String(count.id)}/lines?state=variance`, token })).json().results;
  expect(differences.map((l: { lot_number: string; variance_units: number }) => [l.lot_number, l.variance_units]).sort()).toEqual(
    [...DEMO_COUNT_DIFFERENCES.map((d) => [d.lot, d.variance]), [DEMO_FOUND_LOT.lotNumber, DEMO_FOUND_LOT.units]].sort(),
  );
  const accuracy = (await t.request({ method: 'GET', url: '/api/counts/accuracy', token })).json();
  expect(accuracy.counts).toBe(1);
  // A second start adds nothing.
  await seedDemo(t.deps);
  expect((await t.request({ method: 'GET', url: '/api/counts', token })).json().total).toBe(1);
});

it('seeds a transfer in transit from Downtown to Lakeside, seen at both ends with its value', async () => {
  await seedDemo(t.deps);
  const lakeside = await findUserByEmail(t.db, 'lakeside@brightsmile.demo');
  const manager = await findUserByEmail(t.db, 'manager@brightsmile.demo');
  const incoming = (await t.request({ method: 'GET', url: '/api/transfers?direction=incoming', token: t.tokenFor(lakeside!) })).json();
  expect(incoming.results).toHaveLength(1);
  expect(incoming.results[0]).toMatchObject({ status: 'in_transit', from: { name: 'Downtown' }, units_in_transit: DEMO_TRANSFER.units, lines: [{ lotNumber: DEMO_TRANSFER.lot }] });
  expect(incoming.in_transit.incoming.value).toBeGreaterThan(0);
  const outgoing = (await t.request({ method: 'GET', url: '/api/transfers?direction=outgoing', token: t.tokenFor(manager!) })).json();
  expect(outgoing.in_transit.outgoing).toEqual(incoming.in_transit.incoming);
  // A second start adds nothing.
  await seedDemo(t.deps);
  expect((await t.request({ method: 'GET', url: '/api/transfers', token: t.tokenFor(lakeside!) })).json().total).toBe(1);
});

it('seeds the day\'s procedures from the practice system waiting at Downtown\'s chair, one code left to map', async () => {
  await seedDemo(t.deps);
  const hygienist = await findUserByEmail(t.db, 'hygienist@brightsmile.demo');
  const token = t.tokenFor(hygienist!);
  const visits = (await t.request({ method: 'GET', url: '/api/pms/waiting', token })).json().visits as { chart_number: string; ready: boolean; tray: unknown[]; procedures: { code: string; problem: string | null }[] }[];
  expect(visits.map((v) => [v.chart_number, v.ready, v.procedures.map((p) => p.code).sort()]).sort()).toEqual([
    ['BS-10231', true, ['D1110', 'D1206']],
    ['BS-10588', false, ['D0120', 'D2391']],
  ]);
  expect(visits.find((v) => v.chart_number === 'BS-10231')!.tray.length).toBeGreaterThan(0);
  const codes = (await t.request({ method: 'GET', url: '/api/pms/codes', token })).json().codes as { code: string; treatment: unknown }[];
  expect(codes.filter((c) => !c.treatment).map((c) => c.code)).toEqual(['D0120']);
  // Last month's production typed: the supply share has something to set the month's spend against (issue 50: the last full month, whatever the range).
  const share = (await t.request({ method: 'GET', url: '/api/reports/production-share', token })).json();
  expect(share.last_month.totals).toMatchObject({ production: DEMO_LAST_MONTH_PRODUCTION, enough_production: true });
  // The next days' schedule: the week after next's implant placements find the shelf short, in words.
  const upcoming = (await t.request({ method: 'GET', url: '/api/pms/upcoming', token })).json() as UpcomingTrays;
  expect(upcoming.days).toHaveLength(4);
  expect(upcoming.unmapped).toEqual([{ code: 'D0150', count: 1 }]);
  expect(upcoming.days[0]!.warnings).toEqual([]);
  expect(upcoming.days[3]!.warnings.join(' ')).toContain('3 × Surgical placement of implant body need 3 × Straumann BLX Roxolid SLActive RB 4.0 x 10 mm Implant');
  // A second start adds nothing.
  await seedDemo(t.deps);
  expect((await t.request({ method: 'GET', url: '/api/pms/waiting', token })).json().visits.flatMap((v: { procedures: unknown[] }) => v.procedures)).toHaveLength(4);
  expect((await t.request({ method: 'GET', url: '/api/pms/upcoming', token })).json().days).toHaveLength(4);
});
