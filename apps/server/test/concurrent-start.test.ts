import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { withDatabase } from './setup/global-setup';
import { DEMO_MARKETPLACE_ORDERS } from '../src/seed/demo-marketplace-data';
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
const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const PROCESSES = 3;

interface Server {
  child: ChildProcess;
  port: number;
  output: string;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The real entry point from source, as `npm run dev` runs it, with the first start's demo seeding on. */
function startServer(port: number, databaseUrl: string, dataDir: string): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '4',
      DATA_DIR: dataDir,
      JWT_SECRET: 'concurrent-start-test-secret-0123456789abcdef',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: Server = { child, port, output: '' };
  child.stdout!.on('data', (chunk: Buffer) => (server.output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (server.output += chunk.toString()));
  return server;
}

/** Until the process says it is running (after its seed) and answers its health check; fails if it exits first. */
async function untilUp(server: Server, deadline: number): Promise<number> {
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server on :${String(server.port)} exited with ${String(server.child.exitCode)}:\n${server.output}`);
    if (server.output.includes('Clinic Inventory is running')) {
      const health = await fetch(`http://127.0.0.1:${String(server.port)}/api/health`).catch(() => null);
      if (health) return health.status;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server on :${String(server.port)} did not come up:\n${server.output}`);
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

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
    const servers = ports.map((port, i) => startServer(port, databaseUrl, dataDirs[i]!));
    const db = new pg.Client({ connectionString: databaseUrl });
    try {
      const deadline = Date.now() + 240_000;
      expect(await Promise.all(servers.map((server) => untilUp(server, deadline)))).toEqual([200, 200, 200]);
      expect(servers.map((server) => server.child.exitCode)).toEqual([null, null, null]);

      await db.connect();
      const count = async (query: string): Promise<number> => Number((await db.query<{ n: string }>(query)).rows[0]!.n);
      expect(await count(`select count(*) as n from organizations where name in ('Bright Smile Dental Group', 'Glow Aesthetics')`)).toBe(2);
      expect(await count(`select count(*) as n from users where email like '%.demo' or email = 'admin@demo.clinic'`)).toBe(7);
      expect(await count(`select count(*) as n from suppliers`)).toBe(6);
      // Each demo lot once, and the orders numbered once each.
      expect(await count(`select count(*) as n from stocks`)).toBeGreaterThan(0);
      expect(await count(`select count(*) as n from (select company_id, lot_number from stocks group by 1, 2 having count(*) > 1) as twice`)).toBe(0);
      expect(await count(`select count(*) as n from running_lists`)).toBe(DEMO_RUNNING_LISTS.length);
      expect(await count(`select count(*) as n from purchase_orders`)).toBe(DEMO_RUNNING_LISTS.filter((l) => l.orderedDaysAgo !== undefined).length + DEMO_MARKETPLACE_ORDERS.length);
      expect(await count(`select count(*) as n from vendor_orders`)).toBe(DEMO_MARKETPLACE_ORDERS.length);
      expect(await count(`select count(*) as n from price_lists`)).toBe(6);
      expect(await count(`select count(*) as n from treatment_logs`)).toBe(DEMO_VISITS.length);
      expect(await count(`select count(*) as n from implants`)).toBe(DEMO_VISITS.filter((v) => v.implant).length);
      expect(await count(`select count(*) as n from stock_usages where kind in ('disposal', 'return')`)).toBe(DEMO_WRITE_OFFS.length);
      expect(await count(`select count(*) as n from recall_contacts`)).toBe(DEMO_RECALL.contacted.length);
    } finally {
      await Promise.all(servers.map(stop));
      await db.end().catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    }
  },
  300_000,
);
