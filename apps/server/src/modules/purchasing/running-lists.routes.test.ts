import { sql } from 'drizzle-orm';
import { PURCHASING_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createProduct, createStock, createSupplier } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { setMinimumStock } from '../products/products.repo';

const NOW = new Date('2026-11-22T15:00:00Z');
let t: TestApp;
let world: World;
let otherSupplierId: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  world = await createWorld(t.db);
  otherSupplierId = (await createSupplier(t.db, { companyId: null, name: 'Patterson Dental' })).id;
});
afterAll(async () => t.close());

const member = () => t.tokenFor(world.own.users.company_member);
const assistant = () => t.tokenFor(world.own.users.assistant);
const foreignMember = () => t.tokenFor(world.foreign.users.company_member);
const ownLocation = () => world.own.org.locations[0]!.id;
const product = () => createProduct(t.db, { companyId: null });

const addProduct = (payload: Record<string, unknown>, token = member()) => t.request({ method: 'POST', url: '/api/purchase/running-list/product', token, payload });
const getList = async (id: string, token = member()) => (await t.request({ method: 'GET', url: `/api/purchase/running-list/${id}`, token })).json();

describe('adding products', () => {
  it('asks for a supplier first, in the spec wording, and changes nothing', async () => {
    const p = await product();
    const res = await addProduct({ product_id: p.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.stringContaining(PURCHASING_MESSAGES.selectSupplier) });
    const created = await t.request({ method: 'POST', url: '/api/purchase/running-list', token: member(), payload: {} });
    expect(created.statusCode).toBe(400);
    expect(created.json().errors).toEqual([{ field: 'supplier_id', message: 'Select a supplier first!' }]);
  });

  it("puts a product on the supplier's open list at the last price paid to that supplier, one container by default", async () => {
    const supplier = await createSupplier(t.db, { companyId: null });
    const bought = await product();
    await createStock(t.db, { companyId: ownLocation(), productId: bought.id, supplierId: supplier.id, pricePerContainer: 42.5 });
    // A newer receipt from another supplier does not set this supplier's price.
    await createStock(t.db, { companyId: ownLocation(), productId: bought.id, supplierId: otherSupplierId, pricePerContainer: 99 });
    const res = await addProduct({ product_id: bought.id, supplier_id: supplier.id });
    expect(res.statusCode).toBe(201);
    const { runningList, runningListProducts } = res.json();
    expect(runningList).toMatchObject({ supplier: { id: supplier.id }, ordered_at: null, products_count: 1, total: 42.5 });
    expect(runningListProducts[0]).toMatchObject({ product_id: bought.id, quantity: 1, price: 42.5, high_priority: false, total: 42.5 });

    // Never bought here: price 1 (spec section 9). Same supplier: same open list.
    const fresh = await product();
    const second = await addProduct({ product_id: fresh.id, supplier_id: supplier.id, quantity: 3, high_priority: true });
    expect(second.json().runningList.id).toBe(runningList.id);
    expect(second.json().runningListProducts[0]).toMatchObject({ quantity: 3, price: 1, high_priority: true, total: 3 });
    const list = await getList(runningList.id);
    expect(list).toMatchObject({ products_count: 2, high_priority_count: 1, total: 45.5 });
    // High priority first.
    expect(list.runningListProducts.map((l: { product_id: string }) => l.product_id)).toEqual([fresh.id, bought.id]);
  });

  it('gives each line the units per container of the product’s newest stock here, 1 for a consumable or when never received', async () => {
    const supplier = await createSupplier(t.db, { companyId: null });
    const boxed = await product();
    const varnish = await createProduct(t.db, { companyId: null, type: 'consumable', container: 'tube', basicUnit: 'ml' });
    const unknown = await product();
    await createStock(t.db, { companyId: ownLocation(), productId: boxed.id, supplierId: supplier.id, unitsPerContainer: 10 });
    await createStock(t.db, { companyId: ownLocation(), productId: varnish.id, supplierId: supplier.id, unitsPerContainer: 5 });
    // Another location's packing is not this location's.
    await createStock(t.db, { companyId: world.foreign.org.locations[0]!.id, productId: unknown.id, unitsPerContainer: 50 });
    const res = await t.request({
      method: 'POST',
      url: '/api/purchase/running-list/product/bulk',
      token: member(),
      payload: { supplierId: supplier.id, runningListProducts: [{ product_id: boxed.id, quantity: 3 }, { product_id: varnish.id, quantity: 30 }, { product_id: unknown.id, quantity: 2 }] },
    });
    expect(res.statusCode).toBe(201);
    const perContainer = (lines: { product_id: string; units_per_container: number }[]) => Object.fromEntries(lines.map((l) => [l.product_id, l.units_per_container]));
    const expected = { [boxed.id]: 10, [varnish.id]: 1, [unknown.id]: 1 };
    expect(perContainer(res.json().runningListProducts)).toEqual(expected);
    expect(perContainer((await getList(res.json().runningList.id)).runningListProducts)).toEqual(expected);
  });

  it("refuses a product already on the list with the spec's message, adding none of a bulk request", async () => {
    const supplier = await createSupplier(t.db, { companyId: null });
    const [a, b] = [await product(), await product()];
    const first = await addProduct({ product_id: a.id, supplier_id: supplier.id });
    const listId = first.json().runningList.id;
    const again = await addProduct({ product_id: a.id, running_list_id: listId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Failed to add products already in the running list', details: { product_ids: [a.id] } });

    const bulk = await t.request({ method: 'POST', url: '/api/purchase/running-list/product/bulk', token: member(), payload: { runningListId: listId, runningListProducts: [{ product_id: b.id }, { product_id: a.id }] } });
    expect(bulk.statusCode).toBe(409);
    expect((await getList(listId)).products_count).toBe(1);

    const ok = await t.request({ method: 'POST', url: '/api/purchase/running-list/product/bulk', token: member(), payload: { runningListId: listId, runningListProducts: [{ product_id: b.id, quantity: 4, price: 12.25 }] } });
    expect(ok.statusCode).toBe(201);
    expect((await getList(listId)).total).toBe(50);
  });

  it('refuses bad input field by field and products the location cannot see', async () => {
    const supplier = await createSupplier(t.db, { companyId: null });
    const p = await product();
    const zero = await addProduct({ product_id: p.id, supplier_id: supplier.id, quantity: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors).toEqual([{ field: 'quantity', message: 'Quantity cannot be less than 1' }]);
    const negative = await addProduct({ product_id: p.id, supplier_id: supplier.id, price: -2 });
    expect(negative.json().errors).toEqual([{ field: 'price', message: 'Price cannot be less than 0' }]);
    // Another organization's pending product is not in this location's catalog.
    const hidden = await createProduct(t.db, { companyId: world.foreign.org.locations[0]!.id });
    const unseen = await addProduct({ product_id: hidden.id, supplier_id: supplier.id });
    expect(unseen.statusCode).toBe(400);
    expect(unseen.json().errors).toEqual([{ field: 'product_id', message: 'Product not found' }]);
    // Another location's own supplier is not one to order from.
    const foreignSupplier = await createSupplier(t.db, { companyId: world.foreign.org.locations[0]!.id });
    expect((await addProduct({ product_id: p.id, supplier_id: foreignSupplier.id })).json().errors).toEqual([{ field: 'supplier_id', message: 'Supplier not found' }]);
    const lists = (await t.request({ method: 'GET', url: `/api/purchase/running-list?supplier_id=${supplier.id}`, token: member() })).json();
    expect(lists.total).toBe(0);
  });
});

describe('editing a list', () => {
  it('changes quantity, price and priority, removes a line and then the list', async () => {
    const supplier = await createSupplier(t.db, { companyId: null });
    const [a, b] = [await product(), await product()];
    const added = await t.request({ method: 'POST', url: '/api/purchase/running-list/product/bulk', token: member(), payload: { supplierId: supplier.id, runningListProducts: [{ product_id: a.id }, { product_id: b.id }] } });
    const listId = added.json().runningList.id;
    const [lineA, lineB] = added.json().runningListProducts;

    const patched = await t.request({ method: 'PATCH', url: `/api/purchase/running-list/product/${lineA.id}`, token: member(), payload: { quantity: 6, price: 19.99, high_priority: true } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ quantity: 6, price: 19.99, high_priority: true, total: 119.94 });
    const bad = await t.request({ method: 'PATCH', url: `/api/purchase/running-list/product/${lineA.id}`, token: member(), payload: { quantity: 2.5 } });
    expect(bad.statusCode).toBe(400);
    const empty = await t.request({ method: 'PATCH', url: `/api/purchase/running-list/product/${lineA.id}`, token: member(), payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ field: 'body', message: 'Change the quantity, the price or the priority' }]);
    const cents = await t.request({ method: 'PATCH', url: `/api/purchase/running-list/product/${lineA.id}`, token: member(), payload: { price: 1.005 } });
    expect(cents.json().errors).toEqual([{ field: 'price', message: 'Use dollars and cents (at most 2 decimals)' }]);
    expect((await getList(listId)).total).toBe(120.94);

    expect((await t.request({ method: 'DELETE', url: `/api/purchase/running-list/product/${lineB.id}`, token: member() })).statusCode).toBe(204);
    expect((await getList(listId)).products_count).toBe(1);
    // The assistant adds to lists but does not remove from them.
    expect((await t.request({ method: 'DELETE', url: `/api/purchase/running-list/product/${lineA.id}`, token: assistant() })).statusCode).toBe(403);
    // Another organization cannot see the line.
    expect((await t.request({ method: 'PATCH', url: `/api/purchase/running-list/product/${lineA.id}`, token: foreignMember(), payload: { quantity: 1 } })).statusCode).toBe(404);

    expect((await t.request({ method: 'DELETE', url: `/api/purchase/running-list/${listId}`, token: member() })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/purchase/running-list/${listId}`, token: member() })).statusCode).toBe(404);
  });
});

describe('reorder suggestions', () => {
  it('fills running lists with every product below its minimum, in whole containers up to it', async () => {
    // A location of its own, so other tests' minimums do not count.
    const location = world.own.org.locations[1]!.id;
    const manager = t.tokenFor(world.own.users.organization_admin, location);
    const supplier = await createSupplier(t.db, { companyId: null });
    const low = await product();
    await createStock(t.db, { companyId: location, productId: low.id, supplierId: supplier.id, containers: 1, unitsPerContainer: 5, pricePerContainer: 30 });
    await setMinimumStock(t.db, low.id, location, 12);
    // Units only in an expired lot are not usable: all 12 are missing.
    const expired = await product();
    await createStock(t.db, { companyId: location, productId: expired.id, supplierId: supplier.id, containers: 2, unitsPerContainer: 10, pricePerContainer: 8, expiryDate: '2026-01-01' });
    await setMinimumStock(t.db, expired.id, location, 12);
    // Nor are units in a recalled lot.
    const recalled = await product();
    const recalledLot = await createStock(t.db, { companyId: location, productId: recalled.id, supplierId: supplier.id, containers: 1, unitsPerContainer: 20, pricePerContainer: 9 });
    await t.db.execute(sql`update stocks set status = 'recalled' where id = ${recalledLot.id}`);
    await setMinimumStock(t.db, recalled.id, location, 12);
    const fine = await product();
    await createStock(t.db, { companyId: location, productId: fine.id, supplierId: supplier.id, containers: 1, unitsPerContainer: 20 });
    await setMinimumStock(t.db, fine.id, location, 12);
    const neverStocked = await product();
    await setMinimumStock(t.db, neverStocked.id, location, 3);

    const first = await t.request({ method: 'POST', url: '/api/purchase/running-list/reorder-suggestions', token: manager, payload: {} });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ added: 3, skipped: [{ product_id: neverStocked.id, reason: 'Never stocked here: choose a supplier for it' }] });
    const [list] = first.json().runningLists;
    const lines = (await getList(list.id, manager)).runningListProducts;
    const byProduct = Object.fromEntries(lines.map((l: { product_id: string; quantity: number; price: number; high_priority: boolean }) => [l.product_id, l]));
    // 7 missing at 5 a container: 2 containers, at the last price paid. The expired product has nothing usable: high priority.
    expect(byProduct[low.id]).toMatchObject({ quantity: 2, price: 30, high_priority: false });
    expect(byProduct[expired.id]).toMatchObject({ quantity: 2, price: 8, high_priority: true });
    expect(byProduct[recalled.id]).toMatchObject({ quantity: 1, price: 9, high_priority: true });
    expect(byProduct[fine.id]).toBeUndefined();

    // Again, naming a supplier for the product never stocked: the others are already listed.
    const second = await t.request({ method: 'POST', url: '/api/purchase/running-list/reorder-suggestions', token: manager, payload: { supplier_id: otherSupplierId } });
    expect(second.json().added).toBe(1);
    expect(second.json().skipped.map((s: { reason: string }) => s.reason)).toEqual(['Already on the running list', 'Already on the running list', 'Already on the running list']);
    expect(second.json().runningLists[0].supplier.id).toBe(otherSupplierId);

    // Once ordered, what is on its way counts: no second order until it arrives.
    await t.request({ method: 'POST', url: '/api/purchase/running-list/purchase-order', token: manager, payload: { runningListId: list.id } });
    const third = await t.request({ method: 'POST', url: '/api/purchase/running-list/reorder-suggestions', token: manager, payload: {} });
    expect(third.json().added).toBe(0);
    expect(third.json().skipped.filter((s: { reason: string }) => s.reason === 'Already on order').map((s: { product_id: string }) => s.product_id).sort()).toEqual([low.id, expired.id, recalled.id].sort());
  });
});
