import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PRODUCT_REQUEST_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createProduct, createStock, createSupplier, createUser } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { queryRows } from '../../../test/setup/sql';
import { listOutbox } from '../mail/outbox.repo';

const NOW = new Date('2026-11-22T15:00:00Z');
let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const member = () => t.tokenFor(world.own.users.company_member);
const manager = () => t.tokenFor(world.own.users.company_admin);
const ownLocation = () => world.own.org.locations[0]!.id;

const ask = (productId: string, payload: Record<string, unknown>, token = member()) =>
  t.request({ method: 'POST', url: `/api/product/${productId}/requests`, token, payload: { idempotency_key: randomUUID(), urgency: 'urgent', ...payload } });
const mine = async (productId: string, token = member()) => (await t.request({ method: 'GET', url: `/api/product/${productId}/requests`, token })).json().results;
const getList = async (id: string, token = manager()) => (await t.request({ method: 'GET', url: `/api/purchase/running-list/${id}`, token })).json();
const alertsOf = async (token = manager()) => (await t.request({ method: 'GET', url: '/api/alert?kind=requested&perPage=100', token })).json();
const requestCount = async (productId: string) => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from product_requests where product_id = ${productId}`))[0]!.n;
const mailsAbout = async (productName: string) => (await listOutbox(t.db, { offset: 0, limit: 500 })).records.filter((m) => m.subject.includes(productName));

/** A product bought here before from a supplier, at $42.50 a box. */
async function boughtProduct() {
  const supplier = await createSupplier(t.db, { companyId: null });
  const product = await createProduct(t.db, { companyId: null });
  await createStock(t.db, { companyId: ownLocation(), productId: product.id, supplierId: supplier.id, pricePerContainer: 42.5 });
  return { supplier, product };
}

describe('requesting a product', () => {
  it("puts a high-priority line on the usual supplier's open list, shows who asked, raises the alert and e-mails the admins", async () => {
    const { supplier, product } = await boughtProduct();
    const res = await ask(product.id, { quantity: 3, urgency: 'this_week', note: '  Running low before the holidays ' });
    expect(res.statusCode).toBe(201);
    const request = res.json();
    expect(request).toMatchObject({
      product_id: product.id,
      quantity: 3,
      urgency: 'this_week',
      note: 'Running low before the holidays',
      state: 'requested',
      requested_by: { id: world.own.users.company_member.id, name: 'Own company_member' },
      supplier: { id: supplier.id },
    });

    const list = await getList(request.running_list_id);
    expect(list).toMatchObject({ supplier: { id: supplier.id }, ordered_at: null, high_priority_count: 1 });
    expect(list.runningListProducts).toEqual([
      expect.objectContaining({ product_id: product.id, quantity: 3, price: 42.5, high_priority: true, requested_by: [expect.objectContaining({ name: 'Own company_member', urgency: 'this_week', quantity: 3 })] }),
    ]);

    const alerts = await alertsOf();
    expect(alerts.counts.requested).toBeGreaterThanOrEqual(1);
    expect(alerts.results).toContainEqual(expect.objectContaining({ kind: 'requested', product: expect.objectContaining({ id: product.id }), request: expect.objectContaining({ requested_by: 'Own company_member', quantity: 3, urgency: 'this_week' }) }));

    // The location's admin and the organization's admin; not the member, the assistant or another organization.
    const mails = await mailsAbout(product.name);
    expect(mails.map((m) => m.to).sort()).toEqual([world.own.users.company_admin.email, world.own.users.organization_admin.email].sort());
    expect(mails[0]!.text).toContain(`/running-list/${request.running_list_id as string}`);
    expect(mails[0]!.text).toContain('Running low before the holidays');

    const audit = await queryRows<{ action: string; user_id: string }>(t.db, sql`select action, actor_user_id as user_id from audit_log where entity = 'product_request' and entity_id = ${request.id as string}`);
    expect(audit).toEqual([{ action: 'create', user_id: world.own.users.company_member.id }]);
    expect(await mine(product.id)).toEqual([expect.objectContaining({ id: request.id, state: 'requested' })]);
  });

  it('adds the quantity to a line already on an open list and makes it high priority, instead of failing', async () => {
    const { supplier, product } = await boughtProduct();
    const added = await t.request({ method: 'POST', url: '/api/purchase/running-list/product', token: manager(), payload: { product_id: product.id, supplier_id: supplier.id, quantity: 2 } });
    expect(added.statusCode).toBe(201);
    const first = (await ask(product.id, { quantity: 1, urgency: 'routine' })).json();
    const second = (await ask(product.id, { quantity: 4 }, t.tokenFor(world.own.users.assistant))).json();
    expect(first.running_list_id).toBe(added.json().runningList.id);
    expect(second.running_list_id).toBe(first.running_list_id);
    const line = (await getList(first.running_list_id)).runningListProducts.find((l: { product_id: string }) => l.product_id === product.id);
    expect(line).toMatchObject({ quantity: 7, high_priority: true });
    expect(line.requested_by.map((r: { name: string }) => r.name)).toEqual(['Own assistant', 'Own company_member']);
    // One live alert for the product, however many asked.
    expect((await alertsOf()).results.filter((a: { product: { id: string } }) => a.product.id === product.id)).toHaveLength(1);
  });

  it("uses the product's own supplier when it was never bought here, on a new list", async () => {
    const supplier = await createSupplier(t.db, { companyId: ownLocation() });
    const product = await createProduct(t.db, { companyId: null, supplierId: supplier.id });
    const res = await ask(product.id, { quantity: 2 });
    expect(res.statusCode).toBe(201);
    const list = await getList(res.json().running_list_id);
    expect(list).toMatchObject({ supplier: { id: supplier.id }, products_count: 1 });
    // Never bought from it: the spec's default price of $1.
    expect(list.runningListProducts[0]).toMatchObject({ quantity: 2, price: 1, high_priority: true });
  });

  it('refuses a product with no supplier to order from, saying what to do, and writes nothing', async () => {
    // Another organization's supplier is not one this location may order from.
    const foreignSupplier = await createSupplier(t.db, { companyId: world.foreign.org.locations[0]!.id });
    const product = await createProduct(t.db, { companyId: null, supplierId: foreignSupplier.id });
    const res = await ask(product.id, { quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PRODUCT_REQUEST_MESSAGES.noSupplier);
    expect(await requestCount(product.id)).toBe(0);
    expect(await mailsAbout(product.name)).toEqual([]);
  });
});

describe('following a request', () => {
  it('goes requested -> ordered (purchase order generated) -> received (delivery received), and the alert ends when ordered', async () => {
    const { product } = await boughtProduct();
    const request = (await ask(product.id, { quantity: 2 })).json();
    const order = await t.request({ method: 'POST', url: '/api/purchase/running-list/purchase-order', token: manager(), payload: { runningListId: request.running_list_id } });
    expect(order.statusCode).toBe(201);
    expect(await mine(product.id)).toEqual([expect.objectContaining({ id: request.id, state: 'ordered' })]);
    expect((await alertsOf()).results.filter((a: { product: { id: string } }) => a.product.id === product.id)).toEqual([]);

    const line = order.json().lines.find((l: { product: { id: string } }) => l.product.id === product.id);
    const partly = await t.request({ method: 'POST', url: `/api/purchase/purchase-order/${order.json().id as string}/receive`, token: manager(), payload: { idempotency_key: randomUUID(), lines: [{ line_id: line.id, quantity: 1, units_per_container: 10, lotNumber: 'RQ-1' }] } });
    expect(partly.statusCode).toBe(200);
    expect((await mine(product.id))[0].state).toBe('ordered');
    const rest = await t.request({ method: 'POST', url: `/api/purchase/purchase-order/${order.json().id as string}/receive`, token: manager(), payload: { idempotency_key: randomUUID(), lines: [{ line_id: line.id, quantity: 1, units_per_container: 10, lotNumber: 'RQ-2' }] } });
    expect(rest.statusCode).toBe(200);
    expect((await mine(product.id))[0].state).toBe('received');
  });

  it('is cancelled when its line is removed from the list, or the list is removed, and the alert ends', async () => {
    const { product } = await boughtProduct();
    const request = (await ask(product.id, { quantity: 2 })).json();
    const line = (await getList(request.running_list_id)).runningListProducts[0];
    expect((await t.request({ method: 'DELETE', url: `/api/purchase/running-list/product/${line.id as string}`, token: manager() })).statusCode).toBe(204);
    expect(await mine(product.id)).toEqual([expect.objectContaining({ id: request.id, state: 'cancelled', running_list_id: null })]);
    expect((await alertsOf()).results.filter((a: { product: { id: string } }) => a.product.id === product.id)).toEqual([]);

    const again = (await ask(product.id, { quantity: 1 })).json();
    expect((await t.request({ method: 'DELETE', url: `/api/purchase/running-list/${again.running_list_id as string}`, token: manager() })).statusCode).toBe(204);
    expect((await mine(product.id)).map((r: { state: string }) => r.state)).toEqual(['cancelled', 'cancelled']);
    expect((await alertsOf()).results.filter((a: { product: { id: string } }) => a.product.id === product.id)).toEqual([]);
  });

  it("lists only the caller's own requests at this location, newest first", async () => {
    const { product } = await boughtProduct();
    await ask(product.id, { quantity: 1 }, manager());
    const own = (await ask(product.id, { quantity: 2 })).json();
    expect(await mine(product.id)).toEqual([expect.objectContaining({ id: own.id })]);
    expect(await mine(product.id, manager())).toHaveLength(1);
    // Another location of the same organization has its own requests.
    const south = await createUser(t.db, { role: 'company_member', organizationId: world.own.org.id, companyId: world.own.org.locations[1]!.id });
    expect(await mine(product.id, t.tokenFor(south))).toEqual([]);
  });
});

describe('refusals', () => {
  it.each([
    ['no quantity', { quantity: undefined }, 'Quantity is required'],
    ['zero', { quantity: 0 }, PRODUCT_REQUEST_MESSAGES.quantityMin],
    ['negative', { quantity: -2 }, PRODUCT_REQUEST_MESSAGES.quantityMin],
    ['a fraction', { quantity: 1.5 }, PRODUCT_REQUEST_MESSAGES.quantityWhole],
    ['too many', { quantity: 1001 }, PRODUCT_REQUEST_MESSAGES.quantityMax],
    ['a text quantity', { quantity: '3' }, PRODUCT_REQUEST_MESSAGES.quantityWhole],
    ['an unknown urgency', { quantity: 1, urgency: 'yesterday' }, 'Choose how urgent it is'],
    ['a long note', { quantity: 1, note: 'x'.repeat(501) }, PRODUCT_REQUEST_MESSAGES.noteTooLong],
  ])('refuses %s with a field message and writes nothing', async (_name, payload, message) => {
    const { product } = await boughtProduct();
    const res = await ask(product.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ message })]);
    expect(await requestCount(product.id)).toBe(0);
  });

  it("answers 404 for another organization's, a deleted or an unknown product, and writes nothing", async () => {
    const foreign = await createProduct(t.db, { companyId: world.foreign.org.locations[0]!.id, isApproved: false });
    const { product: deleted } = await boughtProduct();
    await t.db.execute(sql`update products set deleted_at = now() where id = ${deleted.id}`);
    for (const id of [foreign.id, deleted.id, randomUUID()]) {
      expect((await ask(id, { quantity: 1 })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: `/api/product/${id}/requests`, token: member() })).statusCode).toBe(404);
      expect(await requestCount(id)).toBe(0);
    }
  });

  it('is not offered to the product admin (403)', async () => {
    const { product } = await boughtProduct();
    expect((await ask(product.id, { quantity: 1 }, t.tokenFor(world.admin))).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/product/${product.id}/requests`, token: t.tokenFor(world.admin) })).statusCode).toBe(403);
    expect(await requestCount(product.id)).toBe(0);
  });

  it('makes one request of a double tap (same key), and refuses the key for another request', async () => {
    const { product } = await boughtProduct();
    const key = randomUUID();
    const first = await ask(product.id, { quantity: 2, idempotency_key: key });
    const again = await ask(product.id, { quantity: 2, idempotency_key: key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(await requestCount(product.id)).toBe(1);
    expect((await getList(first.json().running_list_id)).runningListProducts[0].quantity).toBe(2);
    expect((await mailsAbout(product.name)).length).toBe(2);
    expect((await ask(product.id, { quantity: 5, idempotency_key: key })).statusCode).toBe(422);
  });
});
