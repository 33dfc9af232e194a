import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { createSecretBox } from '../src/core/secret-box';
import { createJobQueue } from '../src/jobs/job-queue';
import { QUEUES } from '../src/jobs/queues';
import { keyContext } from '../src/modules/pms/connection/pms-keys';
import { withDatabase } from './setup/global-setup';
import { freePort, spawnServer, stopServer, untilUp } from './setup/server-process';
import { startOpenDentalStandIn } from './fixtures/open-dental-stand-in';

/**
 * Issue 53: two server processes on one PostgreSQL database share the practice sync's
 * per-location jobs. Six locations are connected to one Open Dental stand-in: four to one practice
 * (one customer key), one to its own, and one whose Open Dental is down. One schedule round:
 * - each location's job runs once, in one of the two processes, and both processes take some;
 * - the failing practice's job is retried alone, while the others finish without a retry, and it
 *   succeeds once its Open Dental is back;
 * - the four locations of one practice, synced by both processes at once, keep its pace together:
 *   the stand-in never sees two requests with one key closer than the interval allows.
 * PostgreSQL only (TEST_DATABASE_URL); the embedded database has one process.
 */
const adminUrl = process.env.TEST_DB_DRIVER === 'pglite' ? undefined : process.env.TEST_DATABASE_URL;
/** The pace per key the servers keep (OPEN_DENTAL_MIN_INTERVAL_MS). */
const INTERVAL_MS = 1_000;
/**
 * Requests are spaced from their turn in the database; their arrival at the stand-in adds each
 * request's own delay on the way, which a busy machine can stretch. Half the interval is far
 * above that jitter and far below what two processes without a shared pace do (both at once).
 */
const LEAST_GAP_MS = INTERVAL_MS / 2;

const noop = () => undefined;
const silent = { level: 'silent', fatal: noop, error: noop, warn: noop, info: noop, debug: noop, trace: noop, silent: noop, child: () => silent } as unknown as FastifyBaseLogger;

interface JobRow {
  company_id: string;
  state: string;
  retry_count: number;
  process_id: string | null;
  started_on: Date | null;
  completed_on: Date | null;
}

it.skipIf(!adminUrl)(
  'two processes share the per-location sync jobs, run each once, retry the failing practice alone and keep each key\'s pace together',
  async () => {
    const name = `clinic_fleet_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const databaseUrl = withDatabase(adminUrl!, name);
    const od = await startOpenDentalStandIn();
    const ownKey = randomBytes(8).toString('hex');
    const downKey = randomBytes(8).toString('hex');
    od.otherCustomerKeys.add(ownKey).add(downKey);
    od.failingKeys.add(downKey);
    // A little to read: procedures of today for a few patients (the same for every practice behind the stand-in).
    od.advance(Math.ceil((Date.now() - Date.parse(`${od.now().replace(' ', 'T')}Z`)) / 1000));
    const today = new Date().toISOString().slice(0, 10);
    for (let i = 0; i < 3; i += 1) od.addProcedure({ PatNum: od.addPatient({ ChartNumber: `FLEET-${String(i)}` }).PatNum, procCode: 'D1110', ProcDate: today });

    const secretKey = randomBytes(32).toString('base64');
    const box = createSecretBox(secretKey);
    const env = {
      NODE_ENV: 'development',
      OUTBOUND_ALLOWED_NETWORKS: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '6',
      PMS_SECRET_KEY: secretKey,
      OPEN_DENTAL_MIN_INTERVAL_MS: String(INTERVAL_MS),
      JOBS_PMS_SYNC_CONCURRENCY: '2',
    };
    const dataDirs = [mkdtempSync(join(tmpdir(), 'clinic-fleet-')), mkdtempSync(join(tmpdir(), 'clinic-fleet-'))];
    const servers = [spawnServer(await freePort(), { ...env, DATA_DIR: dataDirs[0]! }), spawnServer(await freePort(), { ...env, DATA_DIR: dataDirs[1]! })];
    const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const scheduler = createJobQueue({ executeSql: (text, values) => db.query(text, values) }, silent);
    try {
      const deadline = Date.now() + 300_000;
      await Promise.all(servers.map((server) => untilUp(server, deadline)));
      const rows = async <T>(text: string, values: unknown[] = []): Promise<T[]> => (await db.query(text, values)).rows as T[];

      // Six locations of the demo's group, each connected as its owner saved it: four to one practice, one to its own, one to a practice that is down.
      const [owner] = await rows<{ id: string; organization_id: string }>(`select id, organization_id from users where email = 'owner@brightsmile.demo'`);
      const existing = await rows<{ id: string }>(`select id from companies where organization_id = $1 order by name`, [owner!.organization_id]);
      const added = Array.from({ length: 6 - existing.length }, (_v, i) => ({ id: randomUUID(), name: `Fleet ${String(i + 1)}` }));
      for (const company of added) await db.query(`insert into companies (id, organization_id, name, city, state) values ($1, $2, $3, 'Austin', 'TX')`, [company.id, owner!.organization_id, company.name]);
      const locations = [...existing.map((c) => c.id), ...added.map((c) => c.id)];
      const keyOf = (index: number) => (index < 4 ? od.customerKey : index === 4 ? ownKey : downKey);
      for (const [index, companyId] of locations.entries()) {
        await db.query(
          `insert into pms_connections (company_id, kind, base_url, enabled, developer_key_encrypted, customer_key_encrypted, connected_by, practice_key)
           values ($1, 'open_dental', $2, true, $3, $4, $5, $6)`,
          [companyId, od.url, box.seal(od.developerKey, keyContext(companyId, 'developer_key')), box.seal(keyOf(index), keyContext(companyId, 'customer_key')), owner!.id, randomUUID()],
        );
      }
      const down = locations[5]!;
      const healthy = locations.slice(0, 5);

      // One round of the schedule, queued from elsewhere: either process takes it and queues a job per location.
      od.requests.length = 0;
      await scheduler.connect();
      await scheduler.send(QUEUES.pmsSync, {});
      // This round's jobs: queued by one statement, at one moment (a later round of the cron, if any, is not looked at).
      const jobs = () =>
        rows<JobRow>(
          `select data->>'companyId' as company_id, state::text as state, retry_count, output->>'processId' as process_id, started_on, completed_on
             from pgboss.job where name = 'pms-sync-location' and created_on = (select min(created_on) from pgboss.job where name = 'pms-sync-location')`,
        );
      const until = async (what: string, done: (found: JobRow[]) => boolean) => {
        for (;;) {
          const found = await jobs();
          if (done(found)) return found;
          if (Date.now() > deadline) throw new Error(`${what} did not happen; jobs: ${JSON.stringify(found)}\n${servers.map((s) => s.output).join('\n')}`);
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      };

      // The others finish while the failing practice's job waits for its retry.
      const round = await until('the healthy locations synced and the failing one waiting to retry', (found) =>
        healthy.every((id) => found.some((j) => j.company_id === id && j.state === 'completed')) && found.some((j) => j.company_id === down && j.state === 'retry'),
      );
      for (const id of healthy) {
        const mine = round.filter((j) => j.company_id === id);
        // Once, never retried: the failing practice held nobody up.
        expect(mine.map((j) => [j.state, j.retry_count]), id).toEqual([['completed', 0]]);
      }
      // Both processes took some of the round's jobs.
      expect(new Set(round.filter((j) => j.state === 'completed').map((j) => j.process_id)).size).toBe(2);
      const synced = await rows<{ company_id: string; last_success_at: Date | null; last_error: string | null }>(`select company_id, last_success_at, last_error from pms_connections order by company_id`);
      for (const row of synced) {
        if (row.company_id === down) expect(row).toMatchObject({ last_success_at: null, last_error: expect.stringContaining('503') as string });
        else expect(row).toMatchObject({ last_error: null, last_success_at: expect.any(Date) as Date });
      }

      // The pace: the four locations of one practice ran in both processes, overlapping in time...
      const shared = round.filter((j) => locations.indexOf(j.company_id) < 4);
      expect(new Set(shared.map((j) => j.process_id)).size).toBe(2);
      // ...and yet no two requests with one key came closer than the interval allows.
      for (const key of [od.customerKey, ownKey]) {
        const arrivals = od.requests.filter((r) => r.customerKey === key).map((r) => r.at);
        expect(arrivals.length).toBeGreaterThanOrEqual(key === od.customerKey ? 8 : 2);
        const gaps = arrivals.slice(1).map((at, i) => at - arrivals[i]!);
        expect(Math.min(...gaps), `${key === ownKey ? 'own' : 'shared'} key's gaps: ${gaps.join(', ')}`).toBeGreaterThanOrEqual(LEAST_GAP_MS);
      }

      // Its Open Dental back: the failing practice's retry succeeds; the others are not run again by it.
      od.failingKeys.delete(downKey);
      const after = await until('the failing location retried', (found) => found.some((j) => j.company_id === down && j.state === 'completed'));
      expect(after.filter((j) => j.company_id === down).map((j) => [j.state, j.retry_count >= 1])).toEqual([['completed', true]]);
      for (const id of healthy) expect(after.filter((j) => j.company_id === id && j.retry_count > 0)).toEqual([]);
      const [recovered] = await rows<{ last_error: string | null }>(`select last_error from pms_connections where company_id = $1`, [down]);
      expect(recovered).toEqual({ last_error: null });
      // The downed key's requests kept its pace too, through the failures and the retry.
      const downArrivals = od.requests.filter((r) => r.customerKey === downKey).map((r) => r.at);
      const downGaps = downArrivals.slice(1).map((at, i) => at - downArrivals[i]!);
      expect(Math.min(...downGaps)).toBeGreaterThanOrEqual(LEAST_GAP_MS);
    } finally {
      await scheduler.stop().catch(() => undefined);
      await Promise.all(servers.map((server) => stopServer(server)));
      await db.end().catch(() => undefined);
      await od.close();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  },
  600_000,
);
