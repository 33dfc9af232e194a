import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { withDatabase } from './setup/global-setup';
import { call, freePort, signIn, spawnServer, stopServer, untilUp } from './setup/server-process';
import { startOpenDentalStandIn } from './fixtures/open-dental-stand-in';

/**
 * Issue 36: two server processes on one PostgreSQL database sync one Open Dental at the same time
 * (each one's "Sync now", and the run the save queued), with "take stock when a procedure is
 * completed" on: every procedure is written once, every visit recorded once, and the ledger takes
 * each tray once. PostgreSQL only (TEST_DATABASE_URL); the embedded database has one process.
 */
const adminUrl = process.env.TEST_DB_DRIVER === 'pglite' ? undefined : process.env.TEST_DATABASE_URL;
const PATIENTS = 10;
const PROPHY = 'Elite Disposable Prophy Angles Soft Cup (Box of 100)';

it.skipIf(!adminUrl)(
  'two processes syncing one Open Dental at once write each procedure once and take each tray once',
  async () => {
    const name = `clinic_pms_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const databaseUrl = withDatabase(adminUrl!, name);
    const od = await startOpenDentalStandIn();
    // The stand-in's clock to now: today's procedures are within the first run's 30 days.
    od.advance(Math.ceil((Date.now() - Date.parse(`${od.now().replace(' ', 'T')}Z`)) / 1000));
    const today = new Date().toISOString().slice(0, 10);
    // Two cleanings (D1110, mapped at the demo's Downtown) for each of ten patients today: ten visits.
    for (let i = 0; i < PATIENTS; i += 1) {
      const patient = od.addPatient({ ChartNumber: `TWO-${String(i)}` });
      od.addProcedure({ PatNum: patient.PatNum, procCode: 'D1110', ProcDate: today, ProcFee: '115.00' });
      od.addProcedure({ PatNum: patient.PatNum, procCode: 'D1110', ProcDate: today, ProcFee: '115.00' });
    }
    // Not production: the stand-in is plain http on 127.0.0.1, which the operator allows outbound connections to.
    const env = { NODE_ENV: 'development', OUTBOUND_ALLOWED_NETWORKS: '127.0.0.1', DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '6', PMS_SECRET_KEY: randomBytes(32).toString('base64'), OPEN_DENTAL_MIN_INTERVAL_MS: '0' };
    const dataDirs = [mkdtempSync(join(tmpdir(), 'clinic-pms-')), mkdtempSync(join(tmpdir(), 'clinic-pms-'))];
    const servers = [spawnServer(await freePort(), { ...env, DATA_DIR: dataDirs[0]! }), spawnServer(await freePort(), { ...env, DATA_DIR: dataDirs[1]! })];
    const db = new pg.Client({ connectionString: databaseUrl });
    try {
      const deadline = Date.now() + 240_000;
      await Promise.all(servers.map((server) => untilUp(server, deadline)));
      const token = await signIn(servers[0]!, 'manager@brightsmile.demo');
      const saved = await call(servers[0]!, 'PUT', 'pms/connection', token, {
        base_url: od.url,
        clinic_num: null,
        enabled: true,
        take_stock_on_complete: true,
        developer_key: od.developerKey,
        customer_key: od.customerKey,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);

      // Both processes sync now, at once, beside the run the save queued.
      const runs = await Promise.all(servers.map((server) => call<{ last_error: string | null }>(server, 'POST', 'pms/connection/sync', token)));
      expect(runs.map((r) => [r.status, r.body.last_error])).toEqual([
        [200, null],
        [200, null],
      ]);
      // And once more each: nothing new to write.
      await Promise.all(servers.map((server) => call(server, 'POST', 'pms/connection/sync', token)));

      await db.connect();
      const one = async <T>(query: string): Promise<T> => (await db.query(query)).rows[0] as T;
      const procedures = await one<{ n: string; distinct_ids: string; recorded: string; visits: string }>(
        `select count(*) as n, count(distinct external_id) as distinct_ids, count(*) filter (where status = 'recorded') as recorded, count(distinct treatment_log_id) as visits
           from pms_procedures where source = 'open_dental'`,
      );
      expect(procedures).toEqual({ n: String(PATIENTS * 2), distinct_ids: String(PATIENTS * 2), recorded: String(PATIENTS * 2), visits: String(PATIENTS) });
      // Each visit's two trays left the shelf once: one prophy angle per cleaning.
      const used = await one<{ units: string }>(
        `select coalesce(sum(u.quantity), 0)::int as units
           from stock_usages u
           join treatment_log_products tlp on tlp.id = u.treatment_log_product_id
           join products p on p.id = u.product_id
          where p.name = '${PROPHY}' and tlp.treatment_log_id in (select treatment_log_id from pms_procedures where source = 'open_dental')`,
      );
      expect(Number(used.units)).toBe(PATIENTS * 2);
    } finally {
      await db.end().catch(() => undefined);
      await Promise.all(servers.map((server) => stopServer(server)));
      await od.close();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  },
  400_000,
);
