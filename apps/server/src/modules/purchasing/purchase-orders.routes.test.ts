import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { DEFAULT_PLACE_NAME, IDEMPOTENCY_MESSAGES, PLACE_MESSAGES, PURCHASING_MESSAGES, utcDayMmDdYyyy } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { createPlace, createProduct, createStock, createSupplier } from '../../../test/factories/index';
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

/** A running list of two products at the member's location; answers its id, lines and supplier. */
async function listWithTwoProducts() {
  const supplier = await createSupplier(t.db, { companyId: null, name: `Benco ${randomUUID().slice(0, 6)}`, contactEmail: 'rep@benco.example' });
  // An HIBC label names the gloves by labeler code + product number: their manufacturer code.
  const gloves = await createProduct(t.db, { companyId: null, name: `Nitrile Gloves ${randomUUID().slice(0, 6)}`, manufacturerCode: 'H629GLV100' });
  const varnish = await createProduct(t.db, { companyId: null, name: `Fluoride Varnish ${randomUUID().slice(0, 6)}`, type: 'consumable', container: 'tube', basicUnit: 'ml' });
  // Gloves were bought before in boxes of 300: the receive dialog proposes that.
  await createStock(t.db, { companyId: ownLocation(), productId: gloves.id, supplierId: supplier.id, unitsPerContainer: 300, pricePerContainer: 21.5 });
  const res = await t.request({
    method: 'POST',
    url: '/api/purchase/running-list/product/bulk',
    token: member(),
    payload: { supplierId: supplier.id, runningListProducts: [{ product_id: gloves.id, quantity: 4 }, { product_id: varnish.id, quantity: 30, price: 5.4, high_priority: true }] },
  });
  expect(res.statusCode).toBe(201);
  expect(res.json().runningListProducts).toContainEqual(expect.objectContaining({ product: expect.objectContaining({ id: gloves.id, manufacturer_code: 'H629GLV100' }) }));
  return { listId: res.json().runningList.id as string, supplier, gloves, varnish };
}

const generate = (runningListId: string, token = member()) => t.request({ method: 'POST', url: '/api/purchase/running-list/purchase-order', token, payload: { runningListId } });
const receive = (orderId: string, lines: Record<string, unknown>[], key = randomUUID(), token = member()) =>
  t.request({ method: 'POST', url: `/api/purchase/purchase-order/${orderId}/receive`, token, payload: { lines, idempotency_key: key } });

describe('generating a purchase order', () => {
  it('freezes the list into a numbered order with a PDF e-mailed to the supplier, and marks the list ordered', async () => {
    const { listId, supplier, gloves, varnish } = await listWithTwoProducts();
    const res = await generate(listId);
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({ number: expect.stringMatching(/^PO-\d{6}$/), status: 'ordered', running_list_id: listId, supplier: { id: supplier.id }, emailed_to: 'rep@benco.example', lines_count: 2, total: 248 });
    expect(order.lines).toEqual([
      expect.objectContaining({ product: expect.objectContaining({ id: varnish.id }), quantity: 30, price: 5.4, total: 162, received_quantity: 0, units_per_container: 1 }),
      // The receive dialog finds an HIBC box's line by the manufacturer code (a GS1 box's by the barcode).
      expect.objectContaining({ product: expect.objectContaining({ id: gloves.id, manufacturer_code: 'H629GLV100' }), quantity: 4, price: 21.5, total: 86, received_quantity: 0, units_per_container: 300 }),
    ]);

    // The PDF is served to the location and names the order, the products and the total.
    const pdf = await t.request({ method: 'GET', url: order.pdf_url, token: member() });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const { text: raw } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    const text = raw.replace(/\s+/g, ' ');
    expect(text).toContain('Purchase Order');
    expect(text).toContain(order.number);
    expect(text).toContain(gloves.name);
    expect(text).toContain(`${varnish.name} (high priority)`);
    expect(text).toContain('$248.00');

    // The supplier's copy waits in the outbox with the PDF attached.
    const [mail] = await queryRows<{ subject: string; attachments: { filename: string; url: string }[] }>(t.db, sql`select subject, attachments from email_outbox where "to" = 'rep@benco.example' order by created_at desc limit 1`);
    expect(mail!.subject).toBe(`Purchase order ${String(order.number)} from ${world.own.org.name}`);
    expect(mail!.attachments).toEqual([{ filename: `${String(order.number)}.pdf`, url: expect.stringMatching(/^\/api\/files\//), contentType: 'application/pdf' }]);

    // The list is history now: hidden by 'is not ordered', closed to changes, ordered once.
    const open = (await t.request({ method: 'GET', url: '/api/purchase/running-list?is_not_ordered=true&perPage=100', token: member() })).json();
    expect(open.results.map((l: { id: string }) => l.id)).not.toContain(listId);
    const all = (await t.request({ method: 'GET', url: '/api/purchase/running-list?perPage=100', token: member() })).json();
    expect(all.results.find((l: { id: string }) => l.id === listId)).toMatchObject({ purchase_order_id: order.id, ordered_at: NOW.toISOString() });
    const again = await generate(listId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PURCHASING_MESSAGES.alreadyOrdered);
    const late = await t.request({ method: 'POST', url: '/api/purchase/running-list/product', token: member(), payload: { running_list_id: listId, product_id: gloves.id } });
    expect(late.statusCode).toBe(409);
    // The ordered list is the record behind its purchase order: it cannot be removed.
    const removed = await t.request({ method: 'DELETE', url: `/api/purchase/running-list/${listId}`, token: member() });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe(PURCHASING_MESSAGES.alreadyOrdered);
    expect((await t.request({ method: 'GET', url: `/api/purchase/running-list/${listId}`, token: member() })).statusCode).toBe(200);
  });

  it('numbers orders one after another per location and refuses an empty list', async () => {
    const first = (await generate((await listWithTwoProducts()).listId)).json();
    const second = (await generate((await listWithTwoProducts()).listId)).json();
    expect(Number(second.number.slice(3))).toBe(Number(first.number.slice(3)) + 1);

    const supplier = await createSupplier(t.db, { companyId: null });
    const empty = (await t.request({ method: 'POST', url: '/api/purchase/running-list', token: member(), payload: { supplier_id: supplier.id } })).json();
    const res = await generate(empty.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'runningListId', message: PURCHASING_MESSAGES.emptyList }]);
    // Another organization's list is not there to order.
    expect((await generate((await listWithTwoProducts()).listId, foreignMember())).statusCode).toBe(400);
  });
});

describe('receiving', () => {
  // Issue 34: a delivery's lots go to the place named for it (or for a line), else the default place.
  it('puts each received lot in its place; a place of another location is refused and nothing is received', async () => {
    const { listId, gloves, varnish } = await listWithTwoProducts();
    const order = (await generate(listId)).json();
    const glovesLine = order.lines.find((l: { product: { id: string } }) => l.product.id === gloves.id);
    const varnishLine = order.lines.find((l: { product: { id: string } }) => l.product.id === varnish.id);
    const closet = await createPlace(t.db, { companyId: ownLocation(), name: `Supply closet ${randomUUID().slice(0, 6)}` });
    const shelf = await createPlace(t.db, { companyId: ownLocation(), name: `Sterilization ${randomUUID().slice(0, 6)}` });
    const foreign = await createPlace(t.db, { companyId: world.foreign.org.locations[0]!.id });

    const refused = await t.request({ method: 'POST', url: `/api/purchase/purchase-order/${String(order.id)}/receive`, token: member(), payload: { lines: [{ line_id: glovesLine.id, quantity: 1, units_per_container: 300, expiry_date: '2028-05-31' }], place_id: foreign.id, idempotency_key: randomUUID() } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(PLACE_MESSAGES.notFound);
    expect((await t.request({ method: 'GET', url: `/api/purchase/purchase-order/${String(order.id)}`, token: member() })).json().receipts).toEqual([]);

    const res = await t.request({
      method: 'POST',
      url: `/api/purchase/purchase-order/${String(order.id)}/receive`,
      token: member(),
      payload: { lines: [{ line_id: glovesLine.id, quantity: 1, units_per_container: 300, expiry_date: '2028-05-31' }, { line_id: varnishLine.id, quantity: 2, units_per_container: 1, expiry_date: '2028-05-31', place_id: shelf.id }], place_id: closet.id, idempotency_key: randomUUID() },
    });
    expect(res.statusCode).toBe(200);
    const placeOf = async (productId: string) => (await t.request({ method: 'GET', url: `/api/stock?productId=${productId}`, token: member() })).json().results.map((s: { place: { name: string } }) => s.place.name);
    expect(await placeOf(gloves.id)).toEqual([closet.name, DEFAULT_PLACE_NAME]);
    expect(await placeOf(varnish.id)).toEqual([shelf.name]);
  });

  it('turns received lines into stock linked to the order, in parts, and never past what was ordered', async () => {
    const { listId, gloves, varnish } = await listWithTwoProducts();
    const order = (await generate(listId)).json();
    const glovesLine = order.lines.find((l: { product: { id: string } }) => l.product.id === gloves.id);
    const varnishLine = order.lines.find((l: { product: { id: string } }) => l.product.id === varnish.id);

    const partial = await receive(order.id, [{ line_id: glovesLine.id, quantity: 3, units_per_container: 300, lotNumber: 'CRN-25-0214', expiry_date: '2028-05-31', isConsignment: false }]);
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toMatchObject({ status: 'partially_received' });
    expect(partial.json().lines.find((l: { id: string }) => l.id === glovesLine.id).received_quantity).toBe(3);
    expect(partial.json().receipts).toEqual([expect.objectContaining({ line_id: glovesLine.id, container_quantity: 3, lotNumber: 'CRN-25-0214', expiry_date: '2028-05-31' })]);

    const stock = (await t.request({ method: 'GET', url: `/api/stock?productId=${String(gloves.id)}`, token: member() })).json();
    expect(stock.results[0]).toMatchObject({ container_quantity: 3, units_per_container: 300, price_per_container: 21.5, unit_price: 0.07167, units_left: 900, lotNumber: 'CRN-25-0214', expiry_date: '2028-05-31', supplier: { name: order.supplier.name }, runningListProductId: expect.any(String) });

    // More than ordered: refused field by field, nothing received.
    const over = await receive(order.id, [{ line_id: glovesLine.id, quantity: 2, units_per_container: 300 }]);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual([{ field: 'lines.0.quantity', message: PURCHASING_MESSAGES.overReceived }]);
    const past = await receive(order.id, [{ line_id: glovesLine.id, quantity: 1, units_per_container: 300, expiry_date: '2026-11-21' }]);
    expect(past.json().errors).toEqual([{ field: 'lines.0.expiry_date', message: 'The expiry date cannot be in the past' }]);
    expect((await t.request({ method: 'GET', url: `/api/stock?productId=${String(gloves.id)}`, token: member() })).json().total).toBe(2);

    // The rest, consumables counted in units whatever the dialog sent; the order is then received.
    const rest = await receive(order.id, [
      { line_id: glovesLine.id, quantity: 1, units_per_container: 300, lotNumber: 'CRN-25-0300' },
      { line_id: varnishLine.id, quantity: 30, units_per_container: 10, lotNumber: 'DP-41230', expiry_date: '2027-08-31', isConsignment: true },
    ]);
    expect(rest.json()).toMatchObject({ status: 'received' });
    const varnishStock = (await t.request({ method: 'GET', url: `/api/stock?productId=${String(varnish.id)}`, token: member() })).json();
    expect(varnishStock.results).toEqual([expect.objectContaining({ container_quantity: 30, units_per_container: 1, unit_price: 5.4, isConsignment: true, units_left: 30 })]);
    const history = (await t.request({ method: 'GET', url: '/api/purchase/purchase-order?status=received&perPage=100', token: member() })).json();
    expect(history.results.map((o: { id: string }) => o.id)).toContain(order.id);
  });

  it('counts a repeated delivery once, and two deliveries at once never pass the ordered quantity', async () => {
    const { listId, gloves } = await listWithTwoProducts();
    const order = (await generate(listId)).json();
    const line = order.lines.find((l: { product: { id: string } }) => l.product.id === gloves.id);
    const key = randomUUID();
    const body = [{ line_id: line.id, quantity: 2, units_per_container: 300, lotNumber: 'RETRY-1' }];
    const [a, b] = await Promise.all([receive(order.id, body, key), receive(order.id, body, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().lines.find((l: { id: string }) => l.id === line.id).received_quantity).toBe(2);

    // Different deliveries (lots) of the remaining 2 at once: one is received, the others refused.
    const racers = await Promise.all(['RACE-1', 'RACE-2', 'RACE-3'].map((lotNumber) => receive(order.id, [{ ...body[0], lotNumber }])));
    expect(racers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    const [ledger] = await queryRows<{ stocks: string; containers: string }>(
      t.db,
      sql`select count(*) as stocks, sum(container_quantity) as containers from stocks where purchase_order_line_id = ${line.id}`,
    );
    expect(Number(ledger!.stocks)).toBe(2);
    expect(Number(ledger!.containers)).toBe(4);
    const final = (await t.request({ method: 'GET', url: `/api/purchase/purchase-order/${String(order.id)}`, token: member() })).json();
    expect(final.lines.find((l: { id: string }) => l.id === line.id).received_quantity).toBe(4);
  });

  it('refuses a key that comes back with another delivery or for another order (422), receiving nothing for it', async () => {
    const { listId, gloves } = await listWithTwoProducts();
    const order = (await generate(listId)).json();
    const line = order.lines.find((l: { product: { id: string } }) => l.product.id === gloves.id);
    const key = randomUUID();
    const body = [{ line_id: line.id, quantity: 1, units_per_container: 300, lotNumber: 'KEY-1' }];
    expect((await receive(order.id, body, key)).statusCode).toBe(200);
    const other = (await generate((await listWithTwoProducts()).listId)).json();
    const otherLine = other.lines.find((l: { quantity: number }) => l.quantity === 4);
    for (const [orderId, lines] of [
      [order.id, [{ ...body[0], quantity: 2 }]],
      [order.id, [{ ...body[0], lotNumber: 'KEY-2' }]],
      [other.id, [{ ...body[0], line_id: otherLine.id }]],
    ] as const) {
      const reused = await receive(orderId, [...lines], key);
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: IDEMPOTENCY_MESSAGES.keyReused });
    }
    const after = (await t.request({ method: 'GET', url: `/api/purchase/purchase-order/${String(order.id)}`, token: member() })).json();
    expect(after.lines.find((l: { id: string }) => l.id === line.id).received_quantity).toBe(1);
    const untouched = (await t.request({ method: 'GET', url: `/api/purchase/purchase-order/${String(other.id)}`, token: member() })).json();
    expect(untouched.lines.every((l: { received_quantity: number }) => l.received_quantity === 0)).toBe(true);
    // The same delivery still replays.
    expect((await receive(order.id, body, key)).statusCode).toBe(200);
  });

  it('asks before receiving a lot already received here (409 DUPLICATE_RECEIPT), writing nothing, and receives it once confirmed; a retry of the confirmed delivery replays', async () => {
    const { listId, gloves } = await listWithTwoProducts();
    const order = (await generate(listId)).json();
    const line = order.lines.find((l: { product: { id: string } }) => l.product.id === gloves.id);
    const body = [{ line_id: line.id, quantity: 1, units_per_container: 300, lotNumber: 'DUP-1', expiry_date: '2027-03-31' }];
    const first = await receive(order.id, body);
    expect(first.statusCode).toBe(200);
    // Receipts are stamped by the database's clock, not the test's.
    const receivedOn = utcDayMmDdYyyy(first.json().receipts[0].created_at);
    const stocksOfLine = async () =>
      Number((await queryRows<{ n: string }>(t.db, sql`select count(*) as n from stocks where purchase_order_line_id = ${line.id}`))[0]!.n);

    const key = randomUUID();
    const again = await receive(order.id, body, key);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'DUPLICATE_RECEIPT',
      message: `This delivery was already received on ${receivedOn} (300 units): ${gloves.name}, lot DUP-1. Add it again?`,
      details: { receipts: [expect.objectContaining({ product_name: gloves.name, lotNumber: 'DUP-1', expiry_date: '2027-03-31', total_units: 300 })] },
    });
    expect(await stocksOfLine()).toBe(1);
    const unchanged = (await t.request({ method: 'GET', url: `/api/purchase/purchase-order/${String(order.id)}`, token: member() })).json();
    expect(unchanged.lines.find((l: { id: string }) => l.id === line.id).received_quantity).toBe(1);

    // Another lot or expiry is another delivery.
    expect((await receive(order.id, [{ ...body[0], lotNumber: 'DUP-2' }])).statusCode).toBe(200);
    expect((await receive(order.id, [{ ...body[0], expiry_date: '2027-04-30' }])).statusCode).toBe(200);

    // Confirmed under the key the warning came back with: received; the same request (or the
    // first one, without the flag) sent again under that key replays instead of warning.
    const confirmed = { lines: body, idempotency_key: key, confirm_duplicate: true };
    const post = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: `/api/purchase/purchase-order/${String(order.id)}/receive`, token: member(), payload });
    expect((await post(confirmed)).statusCode).toBe(200);
    expect((await post(confirmed)).statusCode).toBe(200);
    expect((await receive(order.id, body, key)).statusCode).toBe(200);
    expect(await stocksOfLine()).toBe(4);
  });

  it('raises and resolves alerts as received stock arrives', async () => {
    const { listId, gloves } = await listWithTwoProducts();
    await t.request({ method: 'PATCH', url: `/api/product/${String(gloves.id)}`, token: member(), payload: { minimum_stock: 5000 } });
    const order = (await generate(listId)).json();
    const line = order.lines.find((l: { product: { id: string } }) => l.product.id === gloves.id);
    const lowBefore = (await t.request({ method: 'GET', url: '/api/alert?kind=low_stock&perPage=100', token: member() })).json();
    expect(lowBefore.results.map((a: { product: { id: string } }) => a.product.id)).toContain(gloves.id);
    await receive(order.id, [{ line_id: line.id, quantity: 4, units_per_container: 1500 }]);
    const lowAfter = (await t.request({ method: 'GET', url: '/api/alert?kind=low_stock&perPage=100', token: member() })).json();
    expect(lowAfter.results.map((a: { product: { id: string } }) => a.product.id)).not.toContain(gloves.id);
  });
});

describe('purchase history', () => {
  it('is read with purchaseHistory.read only, and only at its own location', async () => {
    const order = (await generate((await listWithTwoProducts()).listId)).json();
    expect((await t.request({ method: 'GET', url: '/api/purchase/purchase-order', token: assistant() })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/purchase/purchase-order/${String(order.id)}`, token: foreignMember() })).statusCode).toBe(404);
    expect((await receive(order.id, [{ line_id: order.lines[0].id, quantity: 1, units_per_container: 1 }], randomUUID(), foreignMember())).statusCode).toBe(404);
    const page = (await t.request({ method: 'GET', url: '/api/purchase/purchase-order?perPage=2', token: member() })).json();
    expect(page.results).toHaveLength(2);
    expect(page.results[0]).toMatchObject({ id: order.id, created_by: `${world.own.users.company_member.firstName} ${world.own.users.company_member.lastName}` });
  });
});
