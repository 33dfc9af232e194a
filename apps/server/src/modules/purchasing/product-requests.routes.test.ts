import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PRODUCT_REQUEST_MESSAGES, PURCHASING_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createProduct, createStock, createSupplier, createUser } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { queryRows } from '../../../test/setup/sql';
import { priceListCsv, uploadPriceList, type PriceRow } from '../../../test/fixtures/price-lists';
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

const priceList = (rows: PriceRow[]) => ({ name: 'prices.csv', bytes: Buffer.from(priceListCsv(rows)) });
const withoutSupplier = async (token = manager()) => t.request({ method: 'GET', url: '/api/purchase/product-requests/without-supplier', token });
const chooseSupplier = (requestId: string, payload: Record<string, unknown>, token = manager()) => t.request({ method: 'POST', url: `/api/purchase/product-requests/${requestId}/supplier`, token, payload });
const decline = (requestId: string, token = manager()) => t.request({ method: 'DELETE', url: `/api/purchase/product-requests/${requestId}`, token });
const linesOf = async (productId: string) =>
  queryRows<{ quantity: number; supplier_id: string; price: string }>(t.db, sql`select rlp.quantity, rl.supplier_id, rlp.price::text as price from running_list_products rlp join running_lists rl on rl.id = rlp.running_list_id where rlp.product_id = ${productId}`);
const requestedAlerts = async (productId: string) => (await alertsOf()).results.filter((a: { product: { id: string } }) => a.product.id === productId);

/** A shared catalog product nobody here has bought, with no supplier of its own: the most of a catalog. */
const neverBought = () => createProduct(t.db, { companyId: null, barcode: `00${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}` });

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

  it('goes to the vendor with the best in-stock price in the price lists, over the supplier it was last bought from', async () => {
    const { product } = await boughtProduct();
    const barcode = `77${String(Date.now()).slice(-9)}`;
    await t.db.execute(sql`update products set barcode = ${barcode} where id = ${product.id}`);
    const cheap = await createSupplier(t.db, { companyId: ownLocation(), name: `Cheap ${barcode}` });
    const cheaper = await createSupplier(t.db, { companyId: ownLocation(), name: `Cheaper ${barcode}` });
    // $30 a box in stock, and $20 a box (a pack of 2 at $40) out of stock: the in-stock one wins.
    expect((await uploadPriceList(t, manager(), cheap.id, priceList([{ sku: 'C-1', description: 'Box', barcode, packSize: 1, price: 30 }]))).statusCode).toBe(200);
    expect((await uploadPriceList(t, manager(), cheaper.id, priceList([{ sku: 'D-1', description: 'Two boxes', barcode, packSize: 2, price: 40, inStock: 'no' }]))).statusCode).toBe(200);
    const res = await ask(product.id, { quantity: 2 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ state: 'requested', supplier: { id: cheap.id } });
    // Not on the list of the supplier it was last bought from at $42.50.
    expect(await linesOf(product.id)).toEqual([{ quantity: 2, supplier_id: cheap.id, price: '30.00' }]);
  });

  it('accepts a product no vendor offers and nobody bought here: it waits for an admin to choose the supplier, who is alerted and e-mailed', async () => {
    const product = await neverBought();
    const res = await ask(product.id, { quantity: 3, urgency: 'this_week', note: 'For the new hygienist' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ product_id: product.id, quantity: 3, state: 'awaiting_supplier', running_list_id: null, supplier: null });
    expect(await linesOf(product.id)).toEqual([]);
    // The requester sees where it stands.
    expect(await mine(product.id)).toEqual([expect.objectContaining({ id: res.json().id, state: 'awaiting_supplier' })]);
    // On the location's list for its admins, with the product's name.
    const waiting = (await withoutSupplier()).json();
    expect(waiting.results).toContainEqual(expect.objectContaining({ id: res.json().id, product: { id: product.id, name: product.name }, quantity: 3, urgency: 'this_week', requested_by: expect.objectContaining({ name: 'Own company_member' }) }));
    expect(await requestedAlerts(product.id)).toEqual([expect.objectContaining({ kind: 'requested', request: expect.objectContaining({ quantity: 3, urgency: 'this_week' }) })]);
    const mails = await mailsAbout(product.name);
    expect(mails.map((m) => m.to).sort()).toEqual([world.own.users.company_admin.email, world.own.users.organization_admin.email].sort());
    expect(mails[0]!.text).toContain('choose its supplier under Requests without a supplier');
    expect(mails[0]!.text).toContain('/running-list');
    const audit = await queryRows<{ changes: { awaiting_supplier: boolean } }>(t.db, sql`select changes from audit_log where entity = 'product_request' and entity_id = ${res.json().id as string}`);
    expect(audit.map((a) => a.changes.awaiting_supplier)).toEqual([true]);
  });

  it('accepts every product of the catalog it is asked for, whether or not anyone sells it yet', async () => {
    const products = await Promise.all([1, 2, 3, 4].map(() => neverBought()));
    for (const product of products) expect((await ask(product.id, { quantity: 1 })).statusCode).toBe(201);
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

describe('requests without a supplier', () => {
  it('a location admin chooses the supplier: a high-priority line on its open list, and the requester sees it requested', async () => {
    const product = await neverBought();
    const request = (await ask(product.id, { quantity: 2 })).json();
    const supplier = await createSupplier(t.db, { companyId: ownLocation() });
    const chosen = await chooseSupplier(request.id, { supplier_id: supplier.id });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ id: request.id, state: 'requested', supplier: { id: supplier.id } });
    // Never bought from it: the spec's default price of $1.
    expect((await getList(chosen.json().running_list_id)).runningListProducts).toEqual([
      expect.objectContaining({ product_id: product.id, quantity: 2, price: 1, high_priority: true, requested_by: [expect.objectContaining({ name: 'Own company_member' })] }),
    ]);
    expect(await mine(product.id)).toEqual([expect.objectContaining({ id: request.id, state: 'requested' })]);
    expect((await withoutSupplier()).json().results.map((r: { id: string }) => r.id)).not.toContain(request.id);
    // Still an open request on a list: the alert stays until ordered.
    expect(await requestedAlerts(product.id)).toHaveLength(1);
    const audit = await queryRows<{ action: string; user_id: string }>(t.db, sql`select action, actor_user_id as user_id from audit_log where entity = 'product_request' and entity_id = ${request.id as string} order by created_at`);
    expect(audit).toEqual([{ action: 'create', user_id: world.own.users.company_member.id }, { action: 'choose_supplier', user_id: world.own.users.company_admin.id }]);
    // Chosen once: a second choice is refused and changes nothing.
    const again = await chooseSupplier(request.id, { supplier_id: (await createSupplier(t.db, { companyId: ownLocation() })).id }, t.tokenFor(world.own.users.organization_admin));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PRODUCT_REQUEST_MESSAGES.notAwaitingSupplier);
    expect(await linesOf(product.id)).toEqual([{ quantity: 2, supplier_id: supplier.id, price: '1.00' }]);
  });

  it('two admins choosing at once place the request once', async () => {
    const product = await neverBought();
    const request = (await ask(product.id, { quantity: 4 })).json();
    const [a, b] = [await createSupplier(t.db, { companyId: ownLocation() }), await createSupplier(t.db, { companyId: null })];
    const answers = await Promise.all([chooseSupplier(request.id, { supplier_id: a.id }), chooseSupplier(request.id, { supplier_id: b.id }, t.tokenFor(world.own.users.organization_admin))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await linesOf(product.id)).toHaveLength(1);
  });

  it('adds to the product\'s line already on the chosen supplier\'s open list', async () => {
    const product = await neverBought();
    const supplier = await createSupplier(t.db, { companyId: ownLocation() });
    const request = (await ask(product.id, { quantity: 2 })).json();
    // Put on that supplier's list by hand meanwhile.
    expect((await t.request({ method: 'POST', url: '/api/purchase/running-list/product', token: manager(), payload: { product_id: product.id, supplier_id: supplier.id, quantity: 5 } })).statusCode).toBe(201);
    expect((await chooseSupplier(request.id, { supplier_id: supplier.id })).statusCode).toBe(200);
    expect(await linesOf(product.id)).toEqual([{ quantity: 7, supplier_id: supplier.id, price: '1.00' }]);
  });

  it('declined: off the list, the requester sees it cancelled, the alert ends', async () => {
    const product = await neverBought();
    const request = (await ask(product.id, { quantity: 1 })).json();
    expect((await decline(request.id)).statusCode).toBe(204);
    expect(await mine(product.id)).toEqual([expect.objectContaining({ id: request.id, state: 'cancelled' })]);
    expect(await requestedAlerts(product.id)).toEqual([]);
    expect((await decline(request.id)).statusCode).toBe(409);
    expect((await chooseSupplier(request.id, { supplier_id: (await createSupplier(t.db, { companyId: ownLocation() })).id })).statusCode).toBe(409);
    expect(await linesOf(product.id)).toEqual([]);
  });

  it.each([
    ['no supplier', {}, PURCHASING_MESSAGES.selectSupplier],
    ['a supplier id that is not an id', { supplier_id: 'henry' }, 'Must be a valid id'],
  ])('refuses %s with the field and changes nothing', async (_name, payload, message) => {
    const product = await neverBought();
    const request = (await ask(product.id, { quantity: 1 })).json();
    const res = await chooseSupplier(request.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'supplier_id', message })]);
    expect(await mine(product.id)).toEqual([expect.objectContaining({ state: 'awaiting_supplier' })]);
  });

  it("refuses another organization's or a deleted supplier (400 on supplier_id), another organization's request (404), and members (403); nothing changes", async () => {
    const product = await neverBought();
    const request = (await ask(product.id, { quantity: 1 })).json();
    const foreignSupplier = await createSupplier(t.db, { companyId: world.foreign.org.locations[0]!.id });
    const deleted = await createSupplier(t.db, { companyId: ownLocation() });
    await t.db.execute(sql`update suppliers set deleted_at = now() where id = ${deleted.id}`);
    for (const supplier of [foreignSupplier, deleted]) {
      const res = await chooseSupplier(request.id, { supplier_id: supplier.id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: PRODUCT_REQUEST_MESSAGES.supplierNotFound, errors: [expect.objectContaining({ field: 'supplier_id' })] });
    }
    const mine404 = await createSupplier(t.db, { companyId: world.foreign.org.locations[0]!.id });
    expect((await chooseSupplier(request.id, { supplier_id: mine404.id }, t.tokenFor(world.foreign.users.company_admin))).statusCode).toBe(404);
    expect((await decline(request.id, t.tokenFor(world.foreign.users.company_admin))).statusCode).toBe(404);
    expect((await withoutSupplier(t.tokenFor(world.foreign.users.company_admin))).json().results.map((r: { id: string }) => r.id)).not.toContain(request.id);
    expect((await chooseSupplier(request.id, { supplier_id: (await createSupplier(t.db, { companyId: ownLocation() })).id }, member())).statusCode).toBe(403);
    expect((await decline(request.id, member())).statusCode).toBe(403);
    expect((await withoutSupplier(member())).statusCode).toBe(403);
    expect(await mine(product.id)).toEqual([expect.objectContaining({ state: 'awaiting_supplier' })]);
    expect(await linesOf(product.id)).toEqual([]);
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
