import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { createProduct, createSupplier } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';

let now = new Date('2026-11-22T15:00:00Z');
let t: TestApp;
let world: World;
let supplierId: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  world = await createWorld(t.db);
  supplierId = (await createSupplier(t.db, { companyId: world.own.org.locations[0]!.id })).id;
});
afterAll(async () => t.close());

const member = () => t.tokenFor(world.own.users.company_member);
const alertsOf = async (token = member(), query = '') => (await t.request({ method: 'GET', url: `/api/alert?perPage=100${query}`, token })).json();
const forProduct = async (productId: string, token = member()) => (await alertsOf(token)).results.filter((a: { product: { id: string } }) => a.product.id === productId);
const addStock = async (productId: string, overrides: Record<string, unknown> = {}) =>
  (
    await t.request({
      method: 'POST',
      url: '/api/stock',
      token: member(),
      payload: { product_id: productId, supplier_id: supplierId, container_quantity: 1, units_per_container: 10, price_per_container: 10, expiry_date: '2027-06-30', ...overrides },
    })
  ).json().stocks[0];
const consume = (productId: string, quantity: number) =>
  t.request({ method: 'POST', url: '/api/stock/consume', token: member(), payload: { product_id: productId, quantity, idempotency_key: randomUUID() } });
const setMinimum = (productId: string, minimum: number) =>
  t.request({ method: 'PATCH', url: `/api/product/${productId}`, token: member(), payload: { minimum_stock: minimum } });

describe('low stock', () => {
  it('is raised when usable units drop below the minimum, once, and resolved when restocked', async () => {
    const p = await createProduct(t.db, { companyId: null, name: 'Cotton Rolls' });
    await addStock(p.id);
    expect((await setMinimum(p.id, 8)).statusCode).toBe(200);
    expect(await forProduct(p.id)).toEqual([]);

    await consume(p.id, 3);
    await consume(p.id, 1);
    const raised = await forProduct(p.id);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ kind: 'low_stock', units_in_stock: 6, minimum_stock: 8, stock: null, product: { name: 'Cotton Rolls' } });
    // Reordering from the alert starts from the newest receipt's supplier and packing.
    expect(raised[0].last_receipt).toEqual({ supplier: { id: supplierId, name: expect.any(String) }, units_per_container: 10 });

    await addStock(p.id);
    expect(await forProduct(p.id)).toEqual([]);
  });

  it('stays dismissed while the condition holds and comes back when it returns', async () => {
    const p = await createProduct(t.db, { companyId: null });
    await addStock(p.id);
    await setMinimum(p.id, 5);
    await consume(p.id, 6);
    const [alert] = await forProduct(p.id);
    const dismissed = await t.request({ method: 'POST', url: `/api/alert/${alert.id}/dismiss`, token: member() });
    expect(dismissed.statusCode).toBe(204);
    await consume(p.id, 1);
    await t.alerts.scan();
    expect(await forProduct(p.id)).toEqual([]);

    await addStock(p.id); // back above the minimum: resolved
    await consume(p.id, 10); // and below again: a new alert
    const again = await forProduct(p.id);
    expect(again).toHaveLength(1);
    expect(again[0].id).not.toBe(alert.id);
  });

  it("cannot be read or dismissed by another location, and the admin has no alerts", async () => {
    const p = await createProduct(t.db, { companyId: null });
    await addStock(p.id);
    await setMinimum(p.id, 20);
    const [alert] = await forProduct(p.id);
    const foreign = t.tokenFor(world.foreign.users.company_member);
    expect((await forProduct(p.id, foreign))).toEqual([]);
    expect((await t.request({ method: 'POST', url: `/api/alert/${alert.id}/dismiss`, token: foreign })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/alert', token: t.tokenFor(world.admin) })).statusCode).toBe(403);
  });
});

describe('expiry', () => {
  it('raises expiring within 30 days and expired per lot, moving with the calendar through the scan', async () => {
    const p = await createProduct(t.db, { companyId: null, name: 'Lidocaine 2%' });
    const soon = await addStock(p.id, { expiry_date: '2026-12-10', lotNumber: 'SOON' });
    await addStock(p.id, { expiry_date: '2027-06-30', lotNumber: 'LATER' });
    const first = await forProduct(p.id);
    expect(first.map((a: { kind: string; stock: { lotNumber: string } }) => [a.kind, a.stock.lotNumber])).toEqual([['expiring', 'SOON']]);
    expect(first[0].stock).toMatchObject({ id: soon.id, expiry_date: '2026-12-10', units_left: 10 });

    now = new Date('2026-12-11T09:00:00Z');
    try {
      await t.alerts.scan();
      const later = await forProduct(p.id);
      expect(later.map((a: { kind: string; stock: { lotNumber: string } }) => [a.kind, a.stock.lotNumber])).toEqual([['expired', 'SOON']]);
      // Scanning again raises nothing twice.
      await t.alerts.scan();
      expect(await forProduct(p.id)).toHaveLength(1);
      const live = await queryRows(t.db, sql`select count(*)::int as n from alerts where product_id = ${p.id} and resolved_at is null`);
      expect(live[0]).toEqual({ n: 1 });
    } finally {
      now = new Date('2026-11-22T15:00:00Z');
    }
  });

  it('counts per kind and filters by kind', async () => {
    const page = await alertsOf(member(), '&kind=expiring');
    expect(page.results.every((a: { kind: string }) => a.kind === 'expiring')).toBe(true);
    expect(page.counts.expiring).toBe(page.total);
    expect((await t.request({ method: 'GET', url: '/api/alert?kind=soon', token: member() })).statusCode).toBe(400);
  });
});
