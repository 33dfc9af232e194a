import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/setup/test-app';
import { queryRows } from '../test/setup/sql';
import { randomUUID } from 'node:crypto';
import { createOrganization, createProduct, createUser } from '../test/factories/index';
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

// Issue 53 item 3: each location's night and morning by its own time zone. The schedule runs hourly;
// the clock is fixed for each run.
describe('at each location\'s own hours', () => {
  /** A location on the west coast and one in Rome, each with a minimum stock and an admin subscribed to the daily digest, sent on the 23rd. */
  async function twoZones() {
    const org = await createOrganization(t.db, { name: `Zones ${randomUUID().slice(0, 8)}`, locations: [{ name: 'Coast', city: 'Monterey', state: 'CA' }, { name: 'Roma', city: 'Rome', state: 'Lazio' }] });
    const [coast, rome] = org.locations.map((l) => l.id) as [string, string];
    await t.db.execute(sql`update companies set time_zone = 'America/Los_Angeles' where id = ${coast}`);
    await t.db.execute(sql`update companies set time_zone = 'Europe/Rome' where id = ${rome}`);
    for (const companyId of [coast, rome]) {
      await setMinimumStock(t.db, (await createProduct(t.db, { companyId, name: `Gauze ${companyId.slice(0, 6)}` })).id, companyId, 10);
      const admin = await createUser(t.db, { role: 'company_admin', organizationId: org.id, companyId, email: `zone-${randomUUID().slice(0, 8)}@example.com` });
      await t.db.execute(sql`insert into reorder_digest_subscriptions (user_id, company_id, frequency, token, last_sent_on) values (${admin.id}, ${companyId}, 'daily', ${randomUUID()}, '2026-11-23')`);
    }
    return { coast, rome };
  }

  /** The locations whose job of `queue` the schedule queued at `at` (each then run, so the next run starts clean). */
  async function queuedAt(at: string, schedule: typeof QUEUES.reorderForecast | typeof QUEUES.reorderDigest, perLocation: typeof QUEUES.reorderForecastLocation | typeof QUEUES.reorderDigestLocation, ids: string[]) {
    now = new Date(at);
    await t.jobs.send(schedule, {});
    await t.jobs.drain(schedule.name);
    const rows = await queryRows<{ company_id: string; day: string | null }>(
      t.db,
      sql`select data->>'companyId' as company_id, data->>'day' as day from pgboss.job
           where name = ${perLocation.name} and state = 'created' and data->>'companyId' = any(${sql.param(ids)}::text[])`,
    );
    await t.jobs.drain(perLocation.name);
    return Object.fromEntries(rows.map((r) => [r.company_id, r.day]));
  }

  it('queues each location\'s forecasts after its own midnight, for its own day', async () => {
    const { coast, rome } = await twoZones();
    const night = (at: string) => queuedAt(at, QUEUES.reorderForecast, QUEUES.reorderForecastLocation, [coast, rome]);
    // 22:05 UTC on the 24th: 23:05 in Rome, 14:05 in Monterey; neither has done the 24th yet.
    expect(await night('2026-11-24T22:05:00Z')).toEqual({ [coast]: '2026-11-24', [rome]: '2026-11-24' });
    // 23:05 UTC: past midnight in Rome only.
    expect(await night('2026-11-24T23:05:00Z')).toEqual({ [rome]: '2026-11-25' });
    expect(await night('2026-11-25T03:05:00Z')).toEqual({});
    // 07:05 UTC is 23:05 the day before in Monterey; 08:05 UTC is 00:05 there.
    expect(await night('2026-11-25T07:05:00Z')).toEqual({});
    expect(await night('2026-11-25T08:05:00Z')).toEqual({ [coast]: '2026-11-25' });
    expect(await night('2026-11-25T09:05:00Z')).toEqual({});
  });

  it('queues each location\'s digest from 7:00 of its own morning', async () => {
    const { coast, rome } = await twoZones();
    const morning = async (at: string) => Object.keys(await queuedAt(at, QUEUES.reorderDigest, QUEUES.reorderDigestLocation, [coast, rome])).sort();
    // 05:17 UTC is 6:17 in Rome (winter, UTC+1), 21:17 the evening before in Monterey (UTC-8).
    expect(await morning('2026-11-24T05:17:00Z')).toEqual([]);
    expect(await morning('2026-11-24T06:17:00Z')).toEqual([rome]);
    // 14:17 UTC is 6:17 in Monterey; 15:17 UTC is 7:17. Nothing to say yet, so Rome stays due.
    expect(await morning('2026-11-24T14:17:00Z')).toEqual([rome]);
    expect(await morning('2026-11-24T15:17:00Z')).toEqual([coast, rome].sort());
  });
});
