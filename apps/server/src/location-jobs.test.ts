import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/setup/test-app';
import { queryRows } from '../test/setup/sql';
import { createOrganization, createProduct } from '../test/factories/index';
import { setMinimumStock } from './modules/products/products.repo';
import { QUEUES } from './jobs/queues';

// Issue 53: the nightly forecasts and drafts run as one job per location, queued by the schedule's
// job; a night retried or run again at a restart does not redo the locations already done.
const NIGHT = new Date('2026-11-24T02:40:00Z');
let now = NIGHT;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => now });
});
afterAll(async () => t.close());

/** Three locations with something to plan for (a minimum stock each). */
async function locations(): Promise<string[]> {
  const org = await createOrganization(t.db, { name: 'Night Group', locations: [{ name: 'North', city: 'Austin', state: 'TX' }, { name: 'South', city: 'Austin', state: 'TX' }, { name: 'East', city: 'Austin', state: 'TX' }] });
  const ids = org.locations.map((l) => l.id);
  for (const companyId of ids) await setMinimumStock(t.db, (await createProduct(t.db, { companyId, name: `Gauze ${companyId.slice(0, 6)}` })).id, companyId, 10);
  return ids;
}

const jobsFor = async (ids: string[]) =>
  queryRows<{ company_id: string; state: string; day: string }>(
    t.db,
    sql`select data->>'companyId' as company_id, state::text as state, data->>'day' as day from pgboss.job
         where name = 'reorder-forecast-location' and data->>'companyId' = any(${sql.param(ids)}::text[]) order by created_on, company_id`,
  );
const drafts = async (ids: string[]) => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from suggested_orders where company_id = any(${sql.param(ids)}::uuid[])`))[0]!.n;
const schedule = async () => {
  await t.jobs.send(QUEUES.reorderForecast, {});
  await t.jobs.drain(QUEUES.reorderForecast.name);
};

it('the night queues a job per location; run again (retried, restarted), it queues only the locations not done', async () => {
  const ids = await locations();
  await schedule();
  const queued = await jobsFor(ids);
  expect(queued.map((j) => [j.state, j.day])).toEqual(ids.map(() => ['created', '2026-11-24']));
  // Run again while they wait: no location queued twice.
  await schedule();
  expect(await jobsFor(ids)).toHaveLength(3);

  // Two of the three done, then the night starts over (its schedule retried, or a restart's run).
  await t.db.execute(sql`update pgboss.job set state = 'cancelled' where name = 'reorder-forecast-location' and data->>'companyId' = ${ids[2]!}`);
  expect(await t.jobs.drain(QUEUES.reorderForecastLocation.name)).toBeGreaterThanOrEqual(2);
  expect(await drafts(ids)).toBe(2);
  await schedule();
  const again = (await jobsFor(ids)).filter((j) => j.state === 'created');
  expect(again.map((j) => j.company_id)).toEqual([ids[2]]);
  await t.jobs.drain(QUEUES.reorderForecastLocation.name);
  expect(await drafts(ids)).toBe(3);

  // A location's job that finds its night done does nothing; the next night runs them all again.
  await schedule();
  expect((await jobsFor(ids)).filter((j) => j.state === 'created')).toEqual([]);
  now = new Date(NIGHT.getTime() + 86_400_000);
  await schedule();
  expect((await jobsFor(ids)).filter((j) => j.state === 'created').map((j) => j.day)).toEqual(['2026-11-25', '2026-11-25', '2026-11-25']);
  await t.jobs.drain(QUEUES.reorderForecastLocation.name);
});
