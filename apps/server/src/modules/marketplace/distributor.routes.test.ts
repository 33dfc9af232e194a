import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { MARKETPLACE_MESSAGES, type MarketplaceOrder } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { createProduct, createSupplier } from '../../../test/factories/index';
import { priceListCsv, uploadPriceList } from '../../../test/fixtures/price-lists';
import { startDistributorStandIn, type DistributorStandIn } from '../../../test/fixtures/distributor-stand-in';
import { createWorld, type World } from '../../../test/world';

// The distributor's ordering API (docs/vendor-api.md), spoken by a stand-in on 127.0.0.1.
let vendor: DistributorStandIn;
let t: TestApp;
let world: World;
let dentalCityId: string;
beforeAll(async () => {
  vendor = await startDistributorStandIn();
  t = await createTestApp({ distributors: [{ code: 'dentalcity', name: 'DentalCity', url: vendor.url, key: vendor.key, email: 'orders@dentalcity.example' }] });
  world = await createWorld(t.db);
  const [row] = await queryRows<{ id: string }>(t.db, sql`select id from suppliers where vendor_code = 'dentalcity'`);
  dentalCityId = row!.id;
});
afterAll(async () => {
  await t.close();
  await vendor.close();
});
beforeEach(() => {
  vendor.mode = 'up';
});

const member = () => t.tokenFor(world.own.users.company_member);
const ownLocation = () => world.own.org.locations[0]!.id;

/** A composite the distributor sells in packs of 10 at $100 and the location's own supplier singly at $11. */
async function compositeFromBoth() {
  const id = randomUUID().slice(0, 8);
  const composite = await createProduct(t.db, { companyId: null, name: `Herculite Composite ${id}`, barcode: `0074${id}` });
  vendor.catalog.push({ sku: `DC-${id}`, description: `Herculite composite syringe x10 ${id}`, gtin: `0074${id}`, pack_size: 10, price: 100, in_stock: true });
  const local = await createSupplier(t.db, { companyId: ownLocation(), name: `Local ${id}`, contactEmail: `local-${id}@supplier.example` });
  const csv = priceListCsv([{ sku: 'L-1', description: 'Herculite syringe', barcode: `0074${id}`, packSize: 1, price: 11 }]);
  expect((await uploadPriceList(t, member(), local.id, { name: 'p.csv', bytes: Buffer.from(csv) })).statusCode).toBe(200);
  return { id, composite, local, sku: `DC-${id}` };
}

const place = (orders: unknown[], key = randomUUID()) => t.request({ method: 'POST', url: '/api/place-order', token: member(), payload: { orders, idempotency_key: key } });
const orderById = async (id: string): Promise<MarketplaceOrder> => (await t.request({ method: 'GET', url: `/api/order-details?orderId=${id}`, token: member() })).json();

describe('a distributor with an ordering API', () => {
  it('is a shared supplier, compared beside the location’s own suppliers, and prices through its API', async () => {
    const { id, composite, local, sku } = await compositeFromBoth();
    const [result] = (await t.request({ method: 'GET', url: `/api/marketplace/products?search=${id}`, token: member() })).json().results;
    expect(result.product.id).toBe(composite.id);
    expect(result.offers).toEqual([
      expect.objectContaining({ vendor: { id: dentalCityId, name: 'DentalCity', kind: 'distributor' }, sku, pack_size: 10, price: 100, unit_price: 10, cheapest: true }),
      expect.objectContaining({ vendor: { id: local.id, name: local.name, kind: 'supplier' }, unit_price: 11, cheapest: false }),
    ]);
    const final = await t.request({ method: 'POST', url: `/api/fetch-final-price-${dentalCityId}`, token: member(), payload: { products: [{ sku, quantity: 3 }] } });
    expect(final.json()).toMatchObject({ total: 300, products: [{ sku, current_price: 100, product_id: composite.id, changed: false, problem: null }] });
  });

  it('takes its share of a cart through the API under its own key, with the order number as reference', async () => {
    const { local, sku } = await compositeFromBoth();
    const key = randomUUID();
    const res = await place(
      [
        { vendor_id: dentalCityId, products: [{ sku, quantity: 2, price: 100 }] },
        { vendor_id: local.id, products: [{ sku: 'L-1', quantity: 5, price: 11 }] },
      ],
      key,
    );
    expect(res.statusCode).toBe(201);
    const [toDistributor, toLocal] = res.json().orders as MarketplaceOrder[];
    expect(toDistributor).toMatchObject({ vendor: { kind: 'distributor' }, status: 'confirmed', vendor_reference: expect.stringMatching(/^SO-\d+$/), error: null, total: 200 });
    expect(toLocal).toMatchObject({ vendor: { kind: 'supplier' }, status: 'placed', total: 55 });
    const sent = vendor.orderRequests.at(-1)!;
    expect(sent).toEqual({ idempotencyKey: `${key}:${dentalCityId}`, body: { reference: toDistributor!.number, lines: [{ sku, quantity: 2, unit_price: 100 }] } });
    // The distributor gets the API order, not an e-mail.
    const mails = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from email_outbox where "to" = 'orders@dentalcity.example'`);
    expect(mails[0]!.n).toBe(0);
  });

  it('keeps the other vendors’ orders when its ordering service is down, and sends its order again once it is back, once', async () => {
    const { local, sku } = await compositeFromBoth();
    vendor.mode = 'orders-down';
    const key = randomUUID();
    const res = await place(
      [
        { vendor_id: local.id, products: [{ sku: 'L-1', quantity: 1, price: 11 }] },
        { vendor_id: dentalCityId, products: [{ sku, quantity: 1, price: 100 }] },
      ],
      key,
    );
    expect(res.statusCode).toBe(201);
    const [toLocal, toDistributor] = res.json().orders as MarketplaceOrder[];
    expect(toLocal).toMatchObject({ status: 'placed', error: null });
    expect(toDistributor).toMatchObject({ status: 'placing', vendor_reference: null, error: expect.stringContaining('DentalCity could not be reached') });

    vendor.mode = 'up';
    await t.marketplace.refreshOrders(1000);
    expect(await orderById(toDistributor!.id)).toMatchObject({ status: 'confirmed', vendor_reference: expect.stringMatching(/^SO-/), error: null });
    // Run again: nothing is ordered twice.
    const before = vendor.orders.size;
    await t.marketplace.refreshOrders(1000);
    expect(vendor.orders.size).toBe(before);
  });

  it('says which vendor could not confirm its prices when it is down altogether', async () => {
    const { sku } = await compositeFromBoth();
    vendor.mode = 'down';
    const checked = (await t.request({ method: 'POST', url: '/api/check-checkout-price', token: member(), payload: { products: [{ vendor_id: dentalCityId, sku, quantity: 1, price: 100 }] } })).json();
    expect(checked.products[0]).toMatchObject({ problem: MARKETPLACE_MESSAGES.vendorUnreachable('DentalCity') });
    expect((await place([{ vendor_id: dentalCityId, products: [{ sku, quantity: 1, price: 100 }] }])).statusCode).toBe(409);
  });

  it('marks an order the distributor refuses failed, with its reason', async () => {
    const { sku } = await compositeFromBoth();
    vendor.mode = 'refusing';
    const res = await place([{ vendor_id: dentalCityId, products: [{ sku, quantity: 1, price: 100 }] }]);
    expect(res.json().orders[0]).toMatchObject({ status: 'failed', error: 'DentalCity did not take the order: Your account is on hold' });

    // Nothing will arrive for it: receiving is refused and writes no stock.
    const orderId = (res.json().orders[0] as MarketplaceOrder).id;
    const po = (await t.request({ method: 'GET', url: `/api/purchase/purchase-order/${orderId}`, token: member() })).json();
    const stocksBefore = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from stocks`);
    const received = await t.request({
      method: 'POST',
      url: `/api/purchase/purchase-order/${orderId}/receive`,
      token: member(),
      payload: { idempotency_key: randomUUID(), lines: [{ line_id: po.lines[0].id, quantity: 1, units_per_container: 10, lotNumber: 'NEVER-1', expiry_date: '2029-01-31' }] },
    });
    expect(received.statusCode).toBe(409);
    expect(received.json().message).toBe(MARKETPLACE_MESSAGES.failedNotReceivable);
    expect(await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from stocks`)).toEqual(stocksBefore);
  });

  it('follows the order’s status and shipment with the status job; the clinic cannot set them by hand', async () => {
    const { sku } = await compositeFromBoth();
    const [order] = (await place([{ vendor_id: dentalCityId, products: [{ sku, quantity: 1, price: 100 }] }])).json().orders as MarketplaceOrder[];
    const remote = vendor.orders.get(order!.vendor_reference!)!;
    remote.status = 'shipped';
    remote.shipment = { carrier: 'FedEx', tracking_url: `https://www.fedex.com/fedextrack/?trknbr=${randomUUID().slice(0, 12)}` };
    await t.marketplace.refreshOrders(1000);
    expect(await orderById(order!.id)).toMatchObject({ status: 'shipped', carrier: 'FedEx', tracking_url: remote.shipment.tracking_url });
    const tracking = await t.request({ method: 'GET', url: `/api/order-tracking?url=${encodeURIComponent(remote.shipment.tracking_url)}`, token: member() });
    expect(tracking.json()).toMatchObject({ order_id: order!.id, status: 'shipped', carrier: 'FedEx' });

    const byHand = await t.request({ method: 'PATCH', url: `/api/order-details/${order!.id}/status`, token: member(), payload: { status: 'delivered' } });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().message).toBe(MARKETPLACE_MESSAGES.notOwnSupplier);

    remote.status = 'delivered';
    await t.marketplace.refreshOrders(1000);
    expect(await orderById(order!.id)).toMatchObject({ status: 'delivered' });
  });
});

describe('a suggested order routed to a distributor (issue 35)', () => {
  it('goes to the distributor when its in-stock unit price is the lowest, and out through its API in one tap', async () => {
    const { composite, local, sku } = await compositeFromBoth();
    const admin = t.tokenFor(world.own.users.company_admin);
    // 5 syringes on the shelf, bought singly from the local supplier; a minimum of 25.
    const lot = await t.request({ method: 'POST', url: '/api/stock', token: member(), payload: { product_id: composite.id, supplier_id: local.id, container_quantity: 5, units_per_container: 1, price_per_container: 11, expiry_date: '2028-01-31' } });
    expect(lot.statusCode, lot.body).toBe(201);
    expect((await t.request({ method: 'PATCH', url: `/api/product/${composite.id}`, token: member(), payload: { minimum_stock: 25 } })).statusCode).toBe(200);
    const draft = (await t.request({ method: 'POST', url: '/api/reorder/suggestions/refresh', token: admin })).json();
    const line = draft.lines.find((l: { product: { id: string } }) => l.product.id === composite.id);
    // 20 needed: two packs of 10 at $10 a syringe rather than twenty singles at $11.
    expect(line).toMatchObject({ vendor: { id: dentalCityId, kind: 'distributor' }, sku, pack_size: 10, quantity: 2, total: 200 });
    const ordered = await t.request({ method: 'POST', url: '/api/reorder/suggestions/order', token: admin, payload: { vendor_ids: [dentalCityId] } });
    expect(ordered.statusCode, ordered.body).toBe(200);
    const [po] = ordered.json().purchase_orders;
    expect(po).toMatchObject({ vendor_name: 'DentalCity', total: 200 });
    expect(vendor.orderRequests.at(-1)).toMatchObject({ body: { lines: [{ sku, quantity: 2 }] } });
    expect((await orderById(po.id)).status).toBe('confirmed');
    // On order now: 5 + 20 is above the reorder point, nothing more is suggested for it.
    const next = (await t.request({ method: 'POST', url: '/api/reorder/suggestions/refresh', token: admin })).json();
    expect(next.lines.find((l: { product: { id: string } }) => l.product.id === composite.id)).toBeUndefined();
  });
});
