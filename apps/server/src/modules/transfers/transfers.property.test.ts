import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { Transfer } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { createProduct, createStock } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';

// Property: whatever transfers are shipped and received between the organization's locations, its
// units and value (on every shelf, plus in transit) stay the same; only what is written off on
// receipt leaves, at the shipped lots' unit prices.
let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const locations = () => [world.own.org.locations[0]!.id, world.own.org.locations[1]!.id];

async function totals(productId: string) {
  const [row] = await queryRows<{ units: number; value: number }>(
    t.db,
    sql`select (shelf.units + moving.units)::float as units, round(shelf.value + moving.value, 4)::float as value
          from (select coalesce(sum(units_left), 0) as units, coalesce(sum(units_left * unit_price), 0) as value from stocks where product_id = ${productId} and deleted_at is null) shelf,
               (select coalesce(sum(l.units_shipped), 0) as units, coalesce(sum(l.units_shipped * l.unit_price), 0) as value
                  from stock_transfer_lines l join stock_transfers tr on tr.id = l.transfer_id where tr.status = 'in_transit' and l.product_id = ${productId}) moving`,
  );
  return row!;
}

const Step = fc.record({ from: fc.integer({ min: 0, max: 1 }), units: fc.integer({ min: 1, max: 9 }), lost: fc.integer({ min: 0, max: 3 }), receive: fc.boolean() });

it('transfers conserve the organization\'s units and value, less what is written off', async () => {
  const admin = t.tokenFor(world.own.users.organization_admin);
  await fc.assert(
    fc.asyncProperty(fc.array(Step, { minLength: 1, maxLength: 6 }), fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 2, maxLength: 4 }), async (steps, cents) => {
      const product = await createProduct(t.db, { companyId: null, name: `Conserve ${randomUUID().slice(0, 6)}` });
      // Lots at both locations at different prices and expiries.
      for (const [i, price] of cents.entries()) {
        await createStock(t.db, { companyId: locations()[i % 2]!, productId: product.id, unitsPerContainer: 6, pricePerContainer: (price / 100) * 6, expiryDate: `2027-0${String(1 + i)}-15` });
      }
      const start = await totals(product.id);
      let lostUnits = 0;
      let lostValue = 0;
      for (const step of steps) {
        const [from, to] = step.from === 0 ? locations() : [...locations()].reverse();
        const sent = await t.request({ method: 'POST', url: '/api/transfers', token: admin, payload: { from_company_id: from, to_company_id: to, items: [{ product_id: product.id, units: step.units }], ship: true, idempotency_key: randomUUID() } });
        if (sent.statusCode === 409) continue; // not enough at the sender: nothing written
        expect(sent.statusCode).toBe(201);
        const transfer = sent.json<Transfer>();
        expect(await totals(product.id)).toEqual({ units: start.units - lostUnits, value: Math.round((start.value - lostValue) * 1e4) / 1e4 });
        if (!step.receive) continue;
        const lines = transfer.lines.map((l, i) => {
          const lost = i === 0 ? Math.min(step.lost, l.units_shipped) : 0;
          lostUnits += lost;
          lostValue += lost * l.unit_price;
          return { line_id: l.id, units_received: l.units_shipped - lost, ...(lost > 0 ? { write_off_reason: 'Lost on the way' } : {}) };
        });
        const got = await t.request({ method: 'POST', url: `/api/transfers/${transfer.id}/receive`, token: admin, payload: { lines, idempotency_key: randomUUID() } });
        expect(got.statusCode).toBe(200);
        expect(await totals(product.id)).toEqual({ units: start.units - lostUnits, value: Math.round((start.value - lostValue) * 1e4) / 1e4 });
      }
    }),
    { numRuns: 12, seed: 3402 },
  );
}, 120_000);
