import { randomUUID } from 'node:crypto';
import { STOCK_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createProduct, createStock, createSupplier } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';

// Issue 53 item 3: "today" is the location's own day. A lot expires at the location's midnight,
// not at UTC's: the ledger, the stock lists, the stock form, the alerts and the reports agree.
let now = new Date('2026-12-06T12:00:00Z');
let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const north = () => world.own.org.locations[0]!.id;
const member = () => t.tokenFor(world.own.users.company_member);
const orgAdmin = () => t.tokenFor(world.own.users.organization_admin);
const setZone = async (timeZone: string | null) => {
  const res = await t.request({ method: 'PATCH', url: `/api/company/${north()}`, token: orgAdmin(), payload: { time_zone: timeZone } });
  expect(res.statusCode).toBe(200);
};
const consume = (productId: string) => t.request({ method: 'POST', url: '/api/stock/consume', token: member(), payload: { product_id: productId, quantity: 1, idempotency_key: randomUUID() } });
const lotOf = async (productId: string, stockId: string) =>
  ((await t.request({ method: 'GET', url: `/api/stock?productId=${productId}&perPage=50`, token: member() })).json().results as { id: string; is_expired: boolean }[]).find((s) => s.id === stockId);
const alertKinds = async (productId: string) =>
  ((await t.request({ method: 'GET', url: '/api/alert?perPage=100', token: member() })).json().results as { kind: string; product: { id: string } }[])
    .filter((a) => a.product.id === productId)
    .map((a) => a.kind);
const productWithLotExpiring = async (expiryDate: string) => {
  const product = await createProduct(t.db, { companyId: null, name: `Articaine ${randomUUID().slice(0, 6)}` });
  const lot = await createStock(t.db, { companyId: north(), productId: product.id, unitsPerContainer: 10, expiryDate });
  return { product, lot };
};

afterEach(async () => setZone(null));

describe("a location's today", () => {
  it("travels with the profile, so the screens show the location's dates", async () => {
    const profile = async () => (await t.request({ method: 'GET', url: '/api/auth/profile', token: member() })).json().company;
    expect((await profile()).time_zone).toBeNull();
    await setZone('America/Los_Angeles');
    expect(await profile()).toMatchObject({ id: north(), time_zone: 'America/Los_Angeles' });
  });

  it('east of UTC: a lot that expired on the location\'s day is refused, shown expired and alerted before UTC midnight', async () => {
    now = new Date('2026-12-06T12:00:00Z'); // 01:00 on Dec 7 in Auckland; still Dec 6 in UTC
    const { product, lot } = await productWithLotExpiring('2026-12-06');

    // On UTC's day the lot is still good: the same instant, the same lot.
    expect((await consume(product.id)).statusCode).toBe(200);

    await setZone('Pacific/Auckland');
    const refused = await consume(product.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(STOCK_MESSAGES.expiredStock(product.name));
    expect((await lotOf(product.id, lot.id))?.is_expired).toBe(true);
    await t.alerts.scan();
    expect(await alertKinds(product.id)).toEqual(['expired']);
  });

  it('west of UTC: a lot expiring today stays usable through the location\'s evening, past UTC midnight', async () => {
    now = new Date('2026-12-07T03:00:00Z'); // 7 pm on Dec 6 in Los Angeles; already Dec 7 in UTC
    const { product, lot } = await productWithLotExpiring('2026-12-06');

    expect((await consume(product.id)).json().message).toBe(STOCK_MESSAGES.expiredStock(product.name));

    await setZone('America/Los_Angeles');
    expect((await consume(product.id)).statusCode).toBe(200);
    expect((await lotOf(product.id, lot.id))?.is_expired).toBe(false);
    await t.alerts.scan();
    expect(await alertKinds(product.id)).toEqual(['expiring']);
  });

  it('the stock form refuses an expiry date already past on the location\'s day, and takes one still to come there', async () => {
    now = new Date('2026-12-06T12:00:00Z');
    const product = await createProduct(t.db, { companyId: null });
    const supplier = await createSupplier(t.db, { companyId: north() });
    const add = () =>
      t.request({ method: 'POST', url: '/api/stock', token: member(), payload: { product_id: product.id, supplier_id: supplier.id, container_quantity: 1, units_per_container: 5, price_per_container: 10, expiry_date: '2026-12-06' } });

    await setZone('Pacific/Auckland');
    const refused = await add();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'expiry_date', message: 'The expiry date cannot be in the past' }]);

    await setZone('America/Los_Angeles');
    expect((await add()).statusCode).toBe(201);
  });

  it("the expiring-stock report counts from the location's day", async () => {
    now = new Date('2026-12-07T03:00:00Z');
    const { product } = await productWithLotExpiring('2026-12-06');
    const expiring = async () =>
      ((await t.request({ method: 'GET', url: '/api/reports/stocks-about-to-expire?days=30', token: member() })).json().results as { product: { id: string } }[]).filter((r) => r.product.id === product.id);

    expect(await expiring()).toHaveLength(0);
    await setZone('America/Los_Angeles');
    expect(await expiring()).toHaveLength(1);
  });

  it("the reports count a use on the location's day, and move it when the zone changes", async () => {
    // Used at 7 pm on Dec 5 in Los Angeles: 03:00 on Dec 6 in UTC (the ledger carries the app's clock).
    now = new Date('2026-12-06T03:00:00Z');
    const { product } = await productWithLotExpiring('2027-06-30');
    expect((await consume(product.id)).statusCode).toBe(200);
    const usedOn = async (day: string) =>
      ((await t.request({ method: 'GET', url: `/api/reports/most-used-products?start_date=${day}&end_date=${day}`, token: member() })).json().results as { product: { id: string }; units_used: number }[])
        .filter((r) => r.product.id === product.id)
        .map((r) => r.units_used);

    expect([await usedOn('2026-12-05'), await usedOn('2026-12-06')]).toEqual([[], [1]]);
    // The zone set, the location's rollups follow it at once: the use is on its evening.
    await setZone('America/Los_Angeles');
    expect([await usedOn('2026-12-05'), await usedOn('2026-12-06')]).toEqual([[1], []]);
  });
});
