import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { withDatabase } from './setup/global-setup';
import { freePort, spawnServer, stopServer, untilUp } from './setup/server-process';
import { DEMO_MARKETPLACE_ORDERS } from '../src/seed/demo-marketplace-data';
import { DEMO_MOVES, DEMO_PLACES } from '../src/seed/demo-places-data';
import { DEMO_COUNT_DIFFERENCES } from '../src/seed/demo-counts-data';
import { DEMO_RUNNING_LISTS } from '../src/seed/demo-purchasing-data';
import { DEMO_VISITS } from '../src/seed/demo-visits-data';
import { DEMO_RECALL, DEMO_WRITE_OFFS } from '../src/seed/demo-clinical-data';

/**
 * Three server processes started at once on one brand-new PostgreSQL database, as a scaled-out
 * deployment's first start is: all three come up, and the demo data exists once. Migrations and
 * the first-start seed take turns under an advisory lock (Database.exclusive); without it the
 * seeds race. PostgreSQL only (TEST_DATABASE_URL; skipped in run-suites' embedded pass, where
 * one process owns its data directory).
 */
const adminUrl = process.env.TEST_DB_DRIVER === 'pglite' ? undefined : process.env.TEST_DATABASE_URL;
const PROCESSES = 3;

it.skipIf(!adminUrl)(
  'three processes started at once on a fresh database all come up, with the demo seeded once',
  async () => {
    const name = `clinic_start_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const databaseUrl = withDatabase(adminUrl!, name);
    const dataDirs = Array.from({ length: PROCESSES }, () => mkdtempSync(join(tmpdir(), 'clinic-start-')));
    const ports = [];
    for (let i = 0; i < PROCESSES; i += 1) ports.push(await freePort());
    // All three spawned before any is waited for: their migrations and seeds overlap.
    const servers = ports.map((port, i) => spawnServer(port, { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '4', DATA_DIR: dataDirs[i]! }));
    const db = new pg.Client({ connectionString: databaseUrl });
    try {
      const deadline = Date.now() + 240_000;
      // Up means its health check answered 200.
      await Promise.all(servers.map((server) => untilUp(server, deadline)));
      expect(servers.map((server) => server.child.exitCode)).toEqual([null, null, null]);

      await db.connect();
      const count = async (query: string): Promise<number> => Number((await db.query<{ n: string }>(query)).rows[0]!.n);
      expect(await count(`select count(*) as n from organizations where name in ('Bright Smile Dental Group', 'Glow Aesthetics')`)).toBe(2);
      expect(await count(`select count(*) as n from users where email like '%.demo' or email = 'admin@demo.clinic'`)).toBe(7);
      expect(await count(`select count(*) as n from suppliers`)).toBe(6);
      // Each demo lot received once (a lot's part moved to another place is a second row by design,
      // so those count apart: each demo move once), and the orders numbered once each.
      expect(await count(`select count(*) as n from stocks`)).toBeGreaterThan(0);
      expect(await count(`select count(*) as n from (select company_id, lot_number from stocks where moved_from_stock_id is null group by 1, 2 having count(*) > 1) as twice`)).toBe(0);
      expect(await count(`select count(*) as n from stock_moves`)).toBe(DEMO_MOVES.length);
      expect(await count(`select count(*) as n from storage_places where not is_default`)).toBe(DEMO_PLACES.length);
      // One finished count at Downtown, its differences on the ledger once.
      expect(await count(`select count(*) as n from stock_counts where status = 'approved'`)).toBe(1);
      expect(await count(`select count(*) as n from stock_usages where kind = 'count'`)).toBe(DEMO_COUNT_DIFFERENCES.length);
      // The demo's one transfer in transit (issue 34, item 3), sent once under its idempotency key.
      expect(await count(`select count(*) as n from stock_transfers where status = 'in_transit'`)).toBe(1);
      expect(await count(`select count(*) as n from stock_usages where kind = 'transfer'`)).toBe(1);
      expect(await count(`select count(*) as n from running_lists`)).toBe(DEMO_RUNNING_LISTS.length);
      expect(await count(`select count(*) as n from product_requests`)).toBe(1);
      expect(await count(`select count(*) as n from purchase_orders`)).toBe(DEMO_RUNNING_LISTS.filter((l) => l.orderedDaysAgo !== undefined).length + DEMO_MARKETPLACE_ORDERS.length);
      expect(await count(`select count(*) as n from vendor_orders`)).toBe(DEMO_MARKETPLACE_ORDERS.length);
      expect(await count(`select count(*) as n from price_lists`)).toBe(6);
      expect(await count(`select count(*) as n from treatment_logs`)).toBe(DEMO_VISITS.length);
      expect(await count(`select count(*) as n from implants`)).toBe(DEMO_VISITS.filter((v) => v.implant).length);
      expect(await count(`select count(*) as n from stock_usages where kind in ('disposal', 'return')`)).toBe(DEMO_WRITE_OFFS.length);
      expect(await count(`select count(*) as n from recall_contacts`)).toBe(DEMO_RECALL.contacted.length);
    } finally {
      await Promise.all(servers.map(stopServer));
      await db.end().catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    }
  },
  300_000,
);
