import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { createProduct, createStock } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';

// A shipment and consumptions of the same lot at the same moment never overdraw it: both lock the
// lot through the ledger's door in the same order. On PostgreSQL the requests run on separate
// pooled connections of two server processes (t and its sibling) on one database; on the embedded
// database they queue on its single connection. Both must come out exact.
let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

it('shipments against consumptions on one lot: what succeeds adds up to at most the lot, and the lot never goes below zero', async () => {
  const member = t.tokenFor(world.own.users.company_member);
  const admin = t.tokenFor(world.own.users.organization_admin);
  const [north, south] = [world.own.org.locations[0]!.id, world.own.org.locations[1]!.id];
  const other = await t.sibling();
  for (let round = 0; round < 4; round += 1) {
    const product = await createProduct(t.db, { companyId: null, name: `Race ${String(round)}` });
    const lot = await createStock(t.db, { companyId: north, productId: product.id, unitsPerContainer: 12, pricePerContainer: 24 });
    const consumptions = Array.from({ length: 10 }, (_, i) =>
      (i % 2 ? t : other).request({ method: 'POST', url: '/api/stock/consume', token: member, payload: { product_id: product.id, quantity: 1, idempotency_key: randomUUID() } }),
    );
    const shipments = Array.from({ length: 3 }, (_, i) =>
      (i % 2 ? other : t).request({
        method: 'POST',
        url: '/api/transfers',
        token: admin,
        payload: { from_company_id: north, to_company_id: south, items: [{ product_id: product.id, units: 3, stock_id: lot.id }], ship: true, idempotency_key: randomUUID() },
      }),
    );
    const [used, shipped] = await Promise.all([Promise.all(consumptions), Promise.all(shipments)]);
    for (const r of [...used, ...shipped]) expect([200, 201, 409]).toContain(r.statusCode);
    const taken = used.filter((r) => r.statusCode === 200).length + 3 * shipped.filter((r) => r.statusCode === 201).length;
    expect(taken).toBeLessThanOrEqual(12);
    // Twelve units, asked for 19: some requests were refused, none overdrew.
    expect(taken).toBeGreaterThanOrEqual(10);
    const [row] = await queryRows<{ left: number; ledger: number }>(
      t.db,
      sql`select s.units_left::float as left, (select coalesce(sum(quantity), 0)::float from stock_usages where stock_id = s.id) as ledger from stocks s where s.id = ${lot.id}`,
    );
    expect(row).toEqual({ left: 12 - taken, ledger: taken });
    const [moving] = await queryRows<{ units: number }>(t.db, sql`select coalesce(sum(units_shipped), 0)::int as units from stock_transfer_lines where source_stock_id = ${lot.id}`);
    expect(moving!.units).toBe(3 * shipped.filter((r) => r.statusCode === 201).length);
  }
  await other.close();
}, 60_000);
