import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { Transfer } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { createProduct, createStock, createSupplier, createUser } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { insertTreatment } from '../treatments/treatments.repo';

// Issue 50, item 1, as a property: over random interleavings of receipts, transfers (shipped,
// received whole or in part, or left in transit), moves between places, counts that find lots,
// uses and visits, and a recall of one lot number at a random moment at either location, no unit
// of that product and number leaves any shelf of the organization for a patient or another
// location after the recall, every lot of that number is recalled, and every location holding it
// has the alert. Another organization's lot of the same number is left alone.
const NOW = new Date('2026-11-22T15:00:00Z');
let t: TestApp;
let world: World;
const tokens = { member: [] as (() => string)[], admin: [] as (() => string)[] };
const places: string[][] = [];
const suppliers: string[] = [];
const treatments: string[] = [];

const locations = () => [world.own.org.locations[0]!.id, world.own.org.locations[1]!.id];

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  world = await createWorld(t.db);
  for (const [i, companyId] of locations().entries()) {
    const member = i === 0 ? world.own.users.company_member : await createUser(t.db, { role: 'company_member', organizationId: world.own.org.id, companyId });
    const admin = i === 0 ? world.own.users.company_admin : await createUser(t.db, { role: 'company_admin', organizationId: world.own.org.id, companyId });
    tokens.member.push(() => t.tokenFor(member));
    tokens.admin.push(() => t.tokenFor(admin));
    const extra = (await t.request({ method: 'POST', url: '/api/places', token: t.tokenFor(admin), payload: { name: 'Operatory' } })).json().id as string;
    const listed = (await t.request({ method: 'GET', url: '/api/places', token: t.tokenFor(admin) })).json() as { places: { id: string }[] };
    places.push([...new Set([...listed.places.map((p) => p.id), extra])]);
    suppliers.push((await createSupplier(t.db, { companyId })).id);
    treatments.push((await insertTreatment(t.db, { companyId, treatmentCode: `RP${String(i)}${randomUUID().slice(0, 4)}`, name: 'Placement', abbreviation: '', description: '', categoryId: null, createdBy: null })).id);
  }
});
afterAll(async () => t.close());

const At = fc.integer({ min: 0, max: 1 });
const Step = fc.oneof(
  fc.record({ kind: fc.constant('receive' as const), at: At, target: fc.boolean(), units: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ kind: fc.constant('ship' as const), from: At, units: fc.integer({ min: 1, max: 3 }), named: fc.option(fc.nat(), { nil: undefined }), arrive: fc.constantFrom('whole', 'part', 'later') }),
  fc.record({ kind: fc.constant('arrive' as const) }),
  fc.record({ kind: fc.constant('move' as const), at: At, lot: fc.nat() }),
  fc.record({ kind: fc.constant('count' as const), at: At, target: fc.boolean() }),
  fc.record({ kind: fc.constant('use' as const), at: At, units: fc.integer({ min: 1, max: 3 }), visit: fc.boolean(), named: fc.option(fc.nat(), { nil: undefined }) }),
);
type StepOf = typeof Step extends fc.Arbitrary<infer S> ? S : never;

interface Run {
  productId: string;
  target: string;
  pending: Transfer[];
}

/** The live lots of the product at a location, as the API's callers would pick them. */
const lotsAt = (companyId: string, productId: string) =>
  queryRows<{ id: string; lot_number: string; place_id: string; units_left: number }>(
    t.db,
    sql`select id, lot_number, place_id, units_left::float from stocks where company_id = ${companyId} and product_id = ${productId} and deleted_at is null order by created_at, id`,
  );

/** Units of the recalled number that left a shelf for a patient or another location. */
async function unitsGoneOf(run: Run): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select coalesce(sum(u.quantity), 0)::float as n from stock_usages u join stocks s on s.id = u.stock_id join companies c on c.id = s.company_id
         where c.organization_id = ${world.own.org.id} and s.product_id = ${run.productId} and lower(s.lot_number) = lower(${run.target})
           and u.kind in ('treatment', 'manual', 'transfer')`,
  );
  return row!.n;
}

async function arrive(transfer: Transfer, part: boolean, at: number): Promise<void> {
  const lines = transfer.lines.map((l, i) => ({ line_id: l.id, units_received: part && i === 0 ? l.units_shipped - 1 : l.units_shipped, ...(part && i === 0 ? { write_off_reason: 'Broken in transit' } : {}) }));
  const got = await t.request({ method: 'POST', url: `/api/transfers/${transfer.id}/receive`, token: tokens.member[at]!(), payload: { lines, idempotency_key: randomUUID() } });
  expect(got.statusCode).toBe(200);
}

async function perform(run: Run, step: StepOf): Promise<void> {
  const [north, south] = locations();
  const companyOf = (at: number) => (at === 0 ? north! : south!);
  switch (step.kind) {
    case 'receive': {
      const res = await t.request({
        method: 'POST',
        url: '/api/stock',
        token: tokens.member[step.at]!(),
        payload: { product_id: run.productId, supplier_id: suppliers[step.at], container_quantity: 1, units_per_container: step.units, price_per_container: 4, lotNumber: step.target ? run.target.toLowerCase() : `OK-${randomUUID().slice(0, 4)}`, expiry_date: '2028-06-30', confirm_duplicate: true },
      });
      expect(res.statusCode).toBe(201);
      return;
    }
    case 'ship': {
      const lots = await lotsAt(companyOf(step.from), run.productId);
      const named = step.named === undefined || lots.length === 0 ? undefined : lots[step.named % lots.length]!;
      const [from, to] = step.from === 0 ? [north, south] : [south, north];
      const res = await t.request({
        method: 'POST',
        url: '/api/transfers',
        token: t.tokenFor(world.own.users.organization_admin),
        payload: { from_company_id: from, to_company_id: to, items: [{ product_id: run.productId, units: step.units, ...(named ? { stock_id: named.id } : {}) }], ship: true, idempotency_key: randomUUID() },
      });
      if (res.statusCode === 409) return; // short, stopped or expired: nothing written
      expect(res.statusCode).toBe(201);
      const transfer = res.json<Transfer>();
      if (step.arrive === 'later') run.pending.push(transfer);
      else await arrive(transfer, step.arrive === 'part' && transfer.lines[0]!.units_shipped > 1, 1 - step.from);
      return;
    }
    case 'arrive': {
      const transfer = run.pending.shift();
      if (transfer) await arrive(transfer, false, transfer.to.id === north ? 0 : 1);
      return;
    }
    case 'move': {
      const lots = (await lotsAt(companyOf(step.at), run.productId)).filter((l) => l.units_left >= 1);
      if (lots.length === 0) return;
      const lot = lots[step.lot % lots.length]!;
      const place = places[step.at]!.find((p) => p !== lot.place_id)!;
      const res = await t.request({ method: 'POST', url: `/api/stock/${lot.id}/move`, token: tokens.member[step.at]!(), payload: { units: 1, place_id: place, idempotency_key: randomUUID() } });
      expect(res.statusCode).toBe(200);
      return;
    }
    case 'count': {
      const admin = tokens.admin[step.at]!;
      const started = await t.request({ method: 'POST', url: '/api/counts', token: admin(), payload: { scope: 'location' } });
      expect(started.statusCode).toBe(201);
      const id = started.json().id as string;
      const found = await t.request({ method: 'POST', url: `/api/counts/${id}/found`, token: admin(), payload: { product_id: run.productId, lot_number: step.target ? run.target : 'FOUND-OK', counted_units: 2, unit_price: 4 } });
      expect(found.statusCode).toBe(201);
      expect((await t.request({ method: 'POST', url: `/api/counts/${id}/submit`, token: admin() })).statusCode).toBe(200);
      expect((await t.request({ method: 'POST', url: `/api/counts/${id}/approve`, token: admin() })).statusCode).toBe(200);
      return;
    }
    case 'use': {
      const lots = await lotsAt(companyOf(step.at), run.productId);
      const named = step.named === undefined || lots.length === 0 ? undefined : lots[step.named % lots.length]!;
      const line = { product_id: run.productId, quantity: step.units, ...(named ? { stock_id: named.id } : {}) };
      const res = step.visit
        ? await t.request({ method: 'POST', url: '/api/treatment_log', token: tokens.member[step.at]!(), payload: { patient_chart_number: `P-${randomUUID().slice(0, 6)}`, treatments: [treatments[step.at]], products: [line], idempotency_key: randomUUID() } })
        : await t.request({ method: 'POST', url: '/api/stock/consume', token: tokens.member[step.at]!(), payload: { ...line, idempotency_key: randomUUID() } });
      expect([200, 201, 409]).toContain(res.statusCode);
      return;
    }
  }
}

it('after a recall no unit of its lot number leaves any shelf of the organization, and every location holding it is alerted', async () => {
  const [north] = locations();
  await fc.assert(
    fc.asyncProperty(fc.array(Step, { minLength: 1, maxLength: 9 }), fc.nat(), At, fc.nat(), async (steps, recallAt, recallWhere, recallLot) => {
      const product = await createProduct(t.db, { companyId: null, name: `Recall ${randomUUID().slice(0, 6)}` });
      const run: Run = { productId: product.id, target: `RC-${randomUUID().slice(0, 5).toUpperCase()}`, pending: [] };
      const first = await createStock(t.db, { companyId: north!, productId: product.id, unitsPerContainer: 6, lotNumber: run.target, expiryDate: '2028-01-31' });
      await createStock(t.db, { companyId: north!, productId: product.id, unitsPerContainer: 6, lotNumber: 'OK-1', expiryDate: '2028-03-31' });
      const foreign = await createStock(t.db, { companyId: world.foreign.org.locations[0]!.id, productId: product.id, unitsPerContainer: 6, lotNumber: run.target });
      const position = recallAt % (steps.length + 1);
      let goneAtRecall: number | null = null;
      for (const [i, step] of [...steps.map((s) => s as StepOf), null].entries()) {
        if (i === position) {
          // The recall is set on a lot of the number at either location (the first one when that location has none).
          const held = (await lotsAt(locations()[recallWhere]!, product.id)).filter((l) => l.lot_number.toLowerCase() === run.target.toLowerCase());
          const on = held.length > 0 ? { id: held[recallLot % held.length]!.id, at: recallWhere } : { id: first.id, at: 0 };
          const res = await t.request({ method: 'POST', url: `/api/stock/${on.id}/status`, token: tokens.member[on.at]!(), payload: { status: 'recalled', reason: 'Manufacturer recall', reference: 'FSCA-1' } });
          expect(res.statusCode).toBe(200);
          goneAtRecall = await unitsGoneOf(run);
        }
        if (step) await perform(run, step);
      }
      expect(await unitsGoneOf(run)).toBe(goneAtRecall);
      const lots = await queryRows<{ company_id: string; id: string; status: string; units_left: number }>(
        t.db,
        sql`select company_id, id, status, units_left::float from stocks where product_id = ${product.id} and lower(lot_number) = lower(${run.target}) and deleted_at is null`,
      );
      for (const lot of lots) expect({ id: lot.id, status: lot.status }).toEqual({ id: lot.id, status: lot.id === foreign.id ? 'available' : 'recalled' });
      for (const [i, companyId] of locations().entries()) {
        const holding = lots.filter((l) => l.company_id === companyId && l.units_left > 0).map((l) => l.id).sort();
        const alerts = ((await t.request({ method: 'GET', url: '/api/alert?kind=recalled&perPage=100', token: tokens.member[i]!() })).json().results as { product: { id: string }; stock: { id: string } }[])
          .filter((a) => a.product.id === product.id)
          .map((a) => a.stock.id)
          .sort();
        expect(alerts).toEqual(holding);
      }
    }),
    { numRuns: 10, seed: 5001 },
  );
}, 300_000);
