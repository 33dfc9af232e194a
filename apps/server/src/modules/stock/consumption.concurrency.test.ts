import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { STOCK_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { createProduct, createSupplier } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';

// On PostgreSQL (TEST_DATABASE_URL) the requests run on separate pooled connections at once; on
// the embedded database they queue on its single connection. Both must come out exact. Within one
// server process a product's consumptions take turns (lot-queue.ts), so the requests are spread
// over ten server processes on the same database, whose row locks must keep them apart.
let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

it('200 concurrent consumptions of 1 unit against a lot of 50: exactly 50 succeed and replays add nothing', async () => {
  const token = t.tokenFor(world.own.users.company_member);
  const supplier = await createSupplier(t.db, { companyId: world.own.org.locations[0]!.id });
  const product = await createProduct(t.db, { companyId: null, name: 'Hot Lot Gloves' });
  const created = await t.request({
    method: 'POST',
    url: '/api/stock',
    token,
    payload: { product_id: product.id, supplier_id: supplier.id, container_quantity: 1, units_per_container: 50, price_per_container: 50, expiry_date: '2099-01-01' },
  });
  expect(created.statusCode).toBe(201);
  const stockId = created.json().stocks[0].id as string;

  const servers = [t, ...(await Promise.all(Array.from({ length: 9 }, () => t.sibling())))];
  const keys = Array.from({ length: 200 }, () => randomUUID());
  const consume = (key: string, i: number) =>
    servers[i % servers.length]!.request({ method: 'POST', url: '/api/stock/consume', token, payload: { product_id: product.id, quantity: 1, idempotency_key: key } });
  const results = await Promise.all(keys.map(consume));

  const ok = results.filter((r) => r.statusCode === 200);
  const refused = results.filter((r) => r.statusCode !== 200);
  expect(ok).toHaveLength(50);
  expect(refused).toHaveLength(150);
  for (const r of refused) {
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(STOCK_MESSAGES.notEnoughStock('Hot Lot Gloves'));
  }

  // Replaying every key, the succeeded ones at once, adds nothing and answers the same.
  const succeededKeys = keys.filter((_, i) => results[i]!.statusCode === 200);
  const replays = await Promise.all(succeededKeys.map(consume));
  expect(replays.every((r) => r.statusCode === 200)).toBe(true);
  await Promise.all(servers.slice(1).map((server) => server.close()));

  const ledger = await queryRows(t.db, sql`select coalesce(sum(quantity), 0)::float as used, count(*)::int as rows from stock_usages where stock_id = ${stockId}`);
  expect(ledger[0]).toEqual({ used: 50, rows: 50 });
  const balance = await queryRows(t.db, sql`select units_left::float as left, units_consumed::float as consumed from stocks where id = ${stockId}`);
  expect(balance[0]).toEqual({ left: 0, consumed: 50 });
}, 60_000);
