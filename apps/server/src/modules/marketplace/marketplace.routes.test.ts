import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { IDEMPOTENCY_MESSAGES, MARKETPLACE_MESSAGES, type CheckedLine, type MarketplaceOrder } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { createProduct, createSupplier } from '../../../test/factories/index';
import { priceListCsv, uploadPriceList, type PriceRow } from '../../../test/fixtures/price-lists';
import { createWorld, type World } from '../../../test/world';

const NOW = new Date('2026-11-22T15:00:00Z');
let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const member = () => t.tokenFor(world.own.users.company_member);
const assistant = () => t.tokenFor(world.own.users.assistant);
const foreignMember = () => t.tokenFor(world.foreign.users.company_member);
const ownLocation = () => world.own.org.locations[0]!.id;
const tag = () => randomUUID().slice(0, 8);

const csv = (rows: PriceRow[], separator?: string) => ({ name: 'prices.csv', bytes: Buffer.from(priceListCsv(rows, separator)) });

/**
 * Two suppliers of the location with price lists that overlap on a composite: Henry sells it in
 * packs of 5 at $60 ($12/unit), Benco singly at $11.50 but is out of stock; gloves only at Henry.
 */
async function twoVendors() {
  const id = tag();
  const composite = await createProduct(t.db, { companyId: null, name: `Filtek Composite ${id}`, barcode: `0030${id}` });
  const gloves = await createProduct(t.db, { companyId: null, name: `Nitrile Gloves ${id}`, manufacturerCode: `NG-${id}` });
  const henry = await createSupplier(t.db, { companyId: ownLocation(), name: `Henry ${id}`, contactEmail: `orders-${id}@henry.example` });
  const benco = await createSupplier(t.db, { companyId: ownLocation(), name: `Benco ${id}`, contactEmail: `orders-${id}@benco.example` });
  const henryRows: PriceRow[] = [
    { sku: 'H-100', description: 'Filtek composite, 5 syringes', barcode: `0030${id}`, packSize: 5, price: 60 },
    { sku: 'H-200', description: 'Nitrile gloves M, box of 100', manufacturerCode: `NG-${id}`, packSize: 100, price: 9.5 },
    { sku: 'H-300', description: 'Something not in the catalog', packSize: 1, price: 3 },
  ];
  const bencoRows: PriceRow[] = [{ sku: 'B-9', description: 'Filtek composite syringe', barcode: `0030${id}`, packSize: 1, price: 11.5, inStock: 'no' }];
  const up = await uploadPriceList(t, member(), henry.id, csv(henryRows));
  expect(up.statusCode, up.body).toBe(200);
  expect((await uploadPriceList(t, member(), benco.id, csv(bencoRows, ';'))).statusCode).toBe(200);
  return { id, composite, gloves, henry, benco, henryRows, bencoRows };
}

const check = (products: unknown[], token = member()) => t.request({ method: 'POST', url: '/api/check-checkout-price', token, payload: { products } });
const place = (orders: unknown[], key = randomUUID(), token = member()) => t.request({ method: 'POST', url: '/api/place-order', token, payload: { orders, idempotency_key: key } });
const countOrders = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from purchase_orders where company_id = ${ownLocation()}`))[0]!.n;

describe('price lists', () => {
  it('reads a CSV, matches items by barcode or manufacturer code, and lists the unmatched ones', async () => {
    const { henry, composite, gloves } = await twoVendors();
    const page = (await t.request({ method: 'GET', url: `/api/supplier/${henry.id}/price-list`, token: member() })).json();
    expect(page.summary).toMatchObject({ supplier_id: henry.id, items: 3, matched: 2, unmatched: 1, file_name: 'prices.csv', uploaded_at: NOW.toISOString() });
    expect(page.results.map((i: { vendor_sku: string; product: { id: string } | null }) => [i.vendor_sku, i.product?.id ?? null])).toEqual([
      ['H-100', composite.id],
      ['H-200', gloves.id],
      ['H-300', null],
    ]);
    const unmatched = (await t.request({ method: 'GET', url: `/api/supplier/${henry.id}/price-list?matched=false`, token: member() })).json();
    expect(unmatched.results).toEqual([expect.objectContaining({ vendor_sku: 'H-300', description: 'Something not in the catalog', price: 3, pack_size: 1, in_stock: true, product: null })]);
  });

  it('takes an .xlsx workbook and a Windows-1252 CSV as they come', async () => {
    const supplier = await createSupplier(t.db, { companyId: ownLocation() });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Prices');
    sheet.addRow(['Vendor SKU', 'Description', 'Pack size', 'Price', 'In stock']);
    sheet.addRow(['X-1', '-20 C storage bag', 10, 4.25, 3]);
    sheet.addRow(['X-2', '+H629 labelled item', 1, 2, 0]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await uploadPriceList(t, member(), supplier.id, { name: 'prices.xlsx', bytes: xlsx, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ items: 2, matched: 0, file_name: 'prices.xlsx' });
    const items = (await t.request({ method: 'GET', url: `/api/supplier/${supplier.id}/price-list`, token: member() })).json().results;
    // Cells starting with - or + are ordinary text here: nothing is evaluated.
    expect(items.map((i: { description: string; in_stock: boolean; price: number }) => [i.description, i.in_stock, i.price])).toEqual([
      ['+H629 labelled item', false, 2],
      ['-20 C storage bag', true, 4.25],
    ]);

    const latin1 = Buffer.from('Vendor SKU;Description;Pack size;Price\r\nL-1;Cr\xe8me d\xe9sensibilisante;1;$1,250.00\r\n', 'latin1');
    expect((await uploadPriceList(t, member(), supplier.id, { name: 'prices.csv', bytes: latin1 })).statusCode).toBe(200);
    const replaced = (await t.request({ method: 'GET', url: `/api/supplier/${supplier.id}/price-list`, token: member() })).json();
    expect(replaced.summary.items).toBe(1);
    expect(replaced.results[0]).toMatchObject({ description: 'Crème désensibilisante', price: 1250 });
  });

  it('refuses a file with bad rows, naming each, and keeps the list it had', async () => {
    const { henry } = await twoVendors();
    const bad = csv([
      { sku: 'H-1', description: 'Fine', packSize: 1, price: 2 },
      { sku: 'H-2', description: 'No price', packSize: 1, price: 'abc' },
      { sku: 'H-1', description: 'Twice', packSize: 0, price: 2 },
    ]);
    const res = await uploadPriceList(t, member(), henry.id, bad);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ field: 'file' }], message: expect.stringContaining('row 3, Price: Enter a price like 12.50') });
    expect(res.json().message).toContain('row 4, Pack size: Pack size cannot be less than 1');
    const missing = await uploadPriceList(t, member(), henry.id, { name: 'p.csv', bytes: Buffer.from('Vendor SKU,Description,Price\r\nA,B,1\r\n') });
    expect(missing.json()).toMatchObject({ statusCode: 400, message: 'Missing column: Pack size' });
    const summary = (await t.request({ method: 'GET', url: `/api/supplier/${henry.id}/price-list`, token: member() })).json().summary;
    expect(summary.items).toBe(3);
  });

  it('keeps price lists to the location: another organization neither reads nor replaces them, and the assistant only reads', async () => {
    const { henry } = await twoVendors();
    expect((await t.request({ method: 'GET', url: `/api/supplier/${henry.id}/price-list`, token: foreignMember() })).statusCode).toBe(404);
    expect((await uploadPriceList(t, foreignMember(), henry.id, csv([{ sku: 'Z', description: 'Z', packSize: 1, price: 1 }]))).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/supplier/${henry.id}/price-list`, token: assistant() })).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api/supplier/${henry.id}/price-list`, token: assistant() })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/api/supplier/${henry.id}/price-list`, token: member() })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/supplier/${henry.id}/price-list`, token: member() })).json().summary).toMatchObject({ items: 0, file_name: null });
  });

  it('lets each location keep its own prices for a shared supplier', async () => {
    const shared = await createSupplier(t.db, { companyId: null });
    expect((await uploadPriceList(t, member(), shared.id, csv([{ sku: 'S-1', description: 'Ours', packSize: 1, price: 5 }]))).statusCode).toBe(200);
    expect((await uploadPriceList(t, foreignMember(), shared.id, csv([{ sku: 'S-1', description: 'Theirs', packSize: 1, price: 7 }, { sku: 'S-2', description: 'Theirs too', packSize: 1, price: 8 }]))).statusCode).toBe(200);
    const ours = (await t.request({ method: 'GET', url: `/api/supplier/${shared.id}/price-list`, token: member() })).json();
    expect(ours.summary.items).toBe(1);
    expect(ours.results[0]).toMatchObject({ description: 'Ours', price: 5 });
  });
});

describe('searching and comparing', () => {
  it('puts every vendor’s offer side by side, by unit price, and marks the cheapest one in stock', async () => {
    const { id, composite, henry, benco } = await twoVendors();
    const res = await t.request({ method: 'GET', url: `/api/marketplace/products?search=filtek composite ${id}`, token: member() });
    expect(res.statusCode).toBe(200);
    const [result] = res.json().results;
    expect(res.json().total).toBe(1);
    expect(result.product).toMatchObject({ id: composite.id, name: composite.name });
    expect(result.offers).toEqual([
      // Cheaper per syringe, but out of stock: not the one to pick.
      expect.objectContaining({ vendor: { id: benco.id, name: benco.name, kind: 'supplier' }, sku: 'B-9', unit_price: 11.5, in_stock: false, cheapest: false }),
      expect.objectContaining({ vendor: { id: henry.id, name: henry.name, kind: 'supplier' }, sku: 'H-100', pack_size: 5, price: 60, unit_price: 12, in_stock: true, cheapest: true }),
    ]);
  });

  it('shows another organization nothing of these price lists', async () => {
    const { id } = await twoVendors();
    const res = await t.request({ method: 'GET', url: `/api/marketplace/products?search=${id}`, token: foreignMember() });
    expect(res.json()).toMatchObject({ results: [], total: 0 });
  });
});

describe('checking prices and placing orders', () => {
  it('re-prices the cart, then a price changed between check and place is refused with the new prices until accepted', async () => {
    const { henry, henryRows } = await twoVendors();
    const cart = [{ vendor_id: henry.id, sku: 'H-100', quantity: 2, price: 60 }];
    const checked = await check(cart);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({ changed: false, total: 120, products: [{ sku: 'H-100', current_price: 60, changed: false, problem: null, total: 120 }] });

    // Henry sends a new list: the composite now costs $64.
    await uploadPriceList(t, member(), henry.id, csv(henryRows.map((r) => (r.sku === 'H-100' ? { ...r, price: 64 } : r))));
    const before = await countOrders();
    const refused = await place([{ vendor_id: henry.id, products: [{ sku: 'H-100', quantity: 2, price: 60 }] }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: MARKETPLACE_MESSAGES.pricesChanged, details: { products: [{ sku: 'H-100', price: 60, current_price: 64, changed: true, total: 128 }] } });
    expect(await countOrders()).toBe(before);

    const accepted = await place([{ vendor_id: henry.id, products: [{ sku: 'H-100', quantity: 2, price: 64 }] }]);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().orders).toEqual([expect.objectContaining({ total: 128, status: 'placed' })]);
  });

  it('splits one cart into one numbered order per vendor, e-mails each supplier its PDF, and records the saving', async () => {
    const { id, henry, gloves, composite, bencoRows, benco } = await twoVendors();
    // Benco has the composite in stock again, cheaper per syringe than Henry's packs.
    await uploadPriceList(t, member(), benco.id, csv(bencoRows.map((r) => ({ ...r, inStock: 'yes' }))));
    const savedSoFar = async () => (await t.request({ method: 'GET', url: '/api/reports/dashboard-cards-data?start_date=2026-11-22&end_date=2026-11-22', token: member() })).json().totals.marketplace_saved as number;
    const savedBefore = await savedSoFar();
    const res = await place([
      { vendor_id: henry.id, products: [{ sku: 'H-200', quantity: 3, price: 9.5 }] },
      { vendor_id: benco.id, products: [{ sku: 'B-9', quantity: 10, price: 11.5 }] },
    ]);
    expect(res.statusCode).toBe(201);
    const orders: MarketplaceOrder[] = res.json().orders;
    expect(orders).toHaveLength(2);
    const [first, second] = orders;
    expect(first).toMatchObject({ vendor: { id: henry.id, kind: 'supplier' }, number: expect.stringMatching(/^PO-\d{6}$/), status: 'placed', receiving_status: 'ordered', total: 28.5, saved: 0, lines_count: 1 });
    // Ten syringes at $11.50 instead of Henry's $12: $5 saved.
    expect(second).toMatchObject({ vendor: { id: benco.id }, total: 115, saved: 5 });
    expect(Number(second!.number.slice(3))).toBe(Number(first!.number.slice(3)) + 1);
    // The dashboard's spend card counts the saving for the day.
    expect(await savedSoFar()).toBeCloseTo(savedBefore + 5, 2);

    const mails = await queryRows<{ to: string; subject: string }>(t.db, sql`select "to", subject from email_outbox where "to" like ${`orders-${id}@%`} order by "to"`);
    expect(mails).toEqual([
      { to: `orders-${id}@benco.example`, subject: `Purchase order ${second!.number} from ${world.own.org.name}` },
      { to: `orders-${id}@henry.example`, subject: `Purchase order ${first!.number} from ${world.own.org.name}` },
    ]);
    const detail = (await t.request({ method: 'GET', url: `/api/order-details?orderId=${second!.id}`, token: member() })).json();
    expect(detail.lines).toEqual([expect.objectContaining({ product: { id: composite.id, name: 'Filtek composite syringe' }, sku: 'B-9', quantity: 10, price: 11.5, total: 115, received_quantity: 0 })]);
    // It is a purchase order like any other: in the purchase history with its PDF.
    const history = (await t.request({ method: 'GET', url: `/api/purchase/purchase-order/${first!.id}`, token: member() })).json();
    expect(history).toMatchObject({ running_list_id: null, supplier: { id: henry.id }, lines: [expect.objectContaining({ product: expect.objectContaining({ id: gloves.id }), quantity: 3 })] });
  });

  it('counts a replayed placement once and refuses the key for another cart', async () => {
    const { henry } = await twoVendors();
    const key = randomUUID();
    const orders = [{ vendor_id: henry.id, products: [{ sku: 'H-200', quantity: 1, price: 9.5 }] }];
    const before = await countOrders();
    const [a, b] = await Promise.all([place(orders, key), place(orders, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().orders.map((o: { id: string }) => o.id)).toEqual(a.json().orders.map((o: { id: string }) => o.id));
    const again = await place(orders, key);
    expect(again.json().orders[0].id).toBe(a.json().orders[0].id);
    expect(await countOrders()).toBe(before + 1);

    const other = await place([{ vendor_id: henry.id, products: [{ sku: 'H-200', quantity: 2, price: 9.5 }] }], key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(IDEMPOTENCY_MESSAGES.keyReused);
  });

  it('refuses items that are gone or unmatched, and vendors that are not the location’s', async () => {
    const { henry } = await twoVendors();
    const checked = (await check([
      { vendor_id: henry.id, sku: 'H-999', quantity: 1, price: 1 },
      { vendor_id: henry.id, sku: 'H-300', quantity: 1, price: 3 },
    ])).json();
    expect(checked.products.map((l: CheckedLine) => [l.sku, l.problem])).toEqual([
      ['H-999', MARKETPLACE_MESSAGES.unavailable],
      ['H-300', MARKETPLACE_MESSAGES.notMatched],
    ]);
    expect((await place([{ vendor_id: henry.id, products: [{ sku: 'H-300', quantity: 1, price: 3 }] }])).statusCode).toBe(409);

    // Another organization cannot order from this location's supplier, nor price with it.
    const foreign = await place([{ vendor_id: henry.id, products: [{ sku: 'H-200', quantity: 1, price: 9.5 }] }], randomUUID(), foreignMember());
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ errors: [{ field: 'orders.0.vendor_id', message: MARKETPLACE_MESSAGES.vendorNotFound }] });
    expect((await t.request({ method: 'POST', url: `/api/fetch-final-price-${henry.id}`, token: foreignMember(), payload: { products: [{ sku: 'H-200', quantity: 1 }] } })).statusCode).toBe(404);
    const final = await t.request({ method: 'POST', url: `/api/fetch-final-price-${henry.id}`, token: member(), payload: { products: [{ sku: 'H-200', quantity: 4 }] } });
    expect(final.json()).toMatchObject({ total: 38, products: [{ sku: 'H-200', current_price: 9.5, changed: false }] });
  });
});

describe('following an order to the shelf', () => {
  async function placedOrder() {
    const vendors = await twoVendors();
    const res = await place([{ vendor_id: vendors.henry.id, products: [{ sku: 'H-100', quantity: 4, price: 60 }, { sku: 'H-200', quantity: 2, price: 9.5 }] }]);
    return { ...vendors, order: res.json().orders[0] as MarketplaceOrder };
  }
  const setStatus = (id: string, body: Record<string, unknown>, token = member()) => t.request({ method: 'PATCH', url: `/api/order-details/${id}/status`, token, payload: body });

  it('moves forward only, asks for the tracking link when shipped, and finds the order by it', async () => {
    const { order } = await placedOrder();
    expect((await setStatus(order.id, { status: 'confirmed' })).json()).toMatchObject({ status: 'confirmed' });
    const noLink = await setStatus(order.id, { status: 'shipped', carrier: 'UPS' });
    expect(noLink.statusCode).toBe(400);
    expect(noLink.json().message).toContain(MARKETPLACE_MESSAGES.trackingRequired);
    const url = `https://www.ups.com/track?tracknum=1Z${tag()}`;
    expect((await setStatus(order.id, { status: 'shipped', carrier: 'UPS', tracking_url: url })).json()).toMatchObject({ status: 'shipped', carrier: 'UPS', tracking_url: url });
    const back = await setStatus(order.id, { status: 'confirmed' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe(MARKETPLACE_MESSAGES.statusOrder);

    const tracking = await t.request({ method: 'GET', url: `/api/order-tracking?url=${encodeURIComponent(url)}`, token: member() });
    expect(tracking.json()).toMatchObject({ order_id: order.id, number: order.number, status: 'shipped', carrier: 'UPS', shipped_at: NOW.toISOString(), delivered_at: null });
    expect((await t.request({ method: 'GET', url: `/api/order-tracking?url=${encodeURIComponent(url)}`, token: foreignMember() })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/order-details/byOrderId?orderId=${order.number}`, token: member() })).json()).toMatchObject({ id: order.id });
    expect((await setStatus(order.id, { status: 'delivered' }, foreignMember())).statusCode).toBe(404);
    expect((await setStatus(order.id, { status: 'delivered' }, assistant())).statusCode).toBe(403);
  });

  it('receives a partial delivery into stock through the purchase order, and lists the order in its date range', async () => {
    const { order, composite } = await placedOrder();
    const po = (await t.request({ method: 'GET', url: `/api/purchase/purchase-order/${order.id}`, token: member() })).json();
    const line = po.lines.find((l: { product: { id: string } }) => l.product.id === composite.id);
    const received = await t.request({
      method: 'POST',
      url: `/api/purchase/purchase-order/${order.id}/receive`,
      token: member(),
      payload: { idempotency_key: randomUUID(), lines: [{ line_id: line.id, quantity: 1, units_per_container: 5, lotNumber: 'FK-2291', expiry_date: '2028-03-31' }] },
    });
    expect(received.statusCode).toBe(200);
    const stock = (await t.request({ method: 'GET', url: `/api/stock?productId=${composite.id}`, token: member() })).json();
    expect(stock.results, JSON.stringify(stock)).toEqual([expect.objectContaining({ lotNumber: 'FK-2291', units_left: 5 })]);

    const listed = (await t.request({ method: 'GET', url: '/api/order-status?startDate=2026-11-22&endDate=2026-11-22&perPage=100', token: member() })).json();
    expect(listed.results.find((o: MarketplaceOrder) => o.id === order.id)).toMatchObject({ receiving_status: 'partially_received', status: 'placed' });
    const earlier = (await t.request({ method: 'GET', url: '/api/order-status?startDate=2026-11-01&endDate=2026-11-21', token: member() })).json();
    expect(earlier.results.map((o: MarketplaceOrder) => o.id)).not.toContain(order.id);
    const withLines = (await t.request({ method: 'GET', url: '/api/order-details/by-date?startDate=2026-11-22&endDate=2026-11-22&perPage=100', token: member() })).json();
    expect(withLines.results.find((o: MarketplaceOrder) => o.id === order.id).lines.map((l: { sku: string; received_quantity: number }) => [l.sku, l.received_quantity])).toEqual([
      ['H-100', 1],
      ['H-200', 0],
    ]);
    expect((await t.request({ method: 'GET', url: '/api/order-status?startDate=2026-11-22&endDate=2026-11-22&perPage=100', token: foreignMember() })).json().results).toEqual([]);
    const backwards = await t.request({ method: 'GET', url: '/api/order-status?startDate=2026-11-23&endDate=2026-11-22', token: member() });
    expect(backwards.statusCode).toBe(400);
  });
});

describe('matching items by hand', () => {
  it('matches an unmatched item to a product the location sees (one it proposed, pending approval), after which it can be ordered', async () => {
    const { henry } = await twoVendors();
    const item = (await t.request({ method: 'GET', url: `/api/supplier/${henry.id}/price-list?matched=false`, token: member() })).json().results[0];
    const proposed = await createProduct(t.db, { companyId: ownLocation(), name: `Proposed ${tag()}`, isApproved: false });
    const res = await t.request({ method: 'PATCH', url: `/api/supplier/${henry.id}/price-list/items/${item.id}`, token: member(), payload: { product_id: proposed.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: item.id, product: { id: proposed.id, name: proposed.name } });
    expect((await check([{ vendor_id: henry.id, sku: item.vendor_sku, quantity: 1, price: item.price }])).json().products[0].problem).toBeNull();

    // Another organization's pending product is not one to match to, nor is the item theirs to change.
    const theirs = await createProduct(t.db, { companyId: world.foreign.org.locations[0]!.id, isApproved: false });
    const refused = await t.request({ method: 'PATCH', url: `/api/supplier/${henry.id}/price-list/items/${item.id}`, token: member(), payload: { product_id: theirs.id } });
    expect(refused.statusCode).toBe(400);
    expect((await t.request({ method: 'PATCH', url: `/api/supplier/${henry.id}/price-list/items/${item.id}`, token: foreignMember(), payload: { product_id: null } })).statusCode).toBe(404);
  });
});
