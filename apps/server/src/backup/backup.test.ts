import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { createDatabase, type Database } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { runMigrations } from '../db/migrate';
import { resolveJwtSecret, type TokenService } from '../modules/auth/tokens';
import { insertTreatment } from '../modules/treatments/treatments.repo';
import { createProduct, createStock } from '../../test/factories/index';
import { PNG_BYTES, uploadFile } from '../../test/fixtures/files';
import { queryRows } from '../../test/setup/sql';
import type { TestApp } from '../../test/setup/test-app';
import { createWorld } from '../../test/world';
import { backupDataDir, restoreBackup } from './backup';
import { startBackupListener } from './backup-listener';

/**
 * A real data directory (PGlite on disk, uploads, the generated JWT secret) is filled through the
 * API, backed up and restored with the commands operators run, and the restored directory must
 * serve the same data. The embedded database only: with DATABASE_URL the command refuses.
 */
const embedded = process.env.TEST_DB_DRIVER !== 'postgres';
const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

interface Server {
  database: Database;
  app: FastifyInstance;
  /** What the test helpers (uploadFile) use of a test app. */
  helpers: TestApp;
  secret: string;
  tokens: TokenService;
  close(): Promise<void>;
}

/**
 * The server as main.ts starts it on a data directory: its database, uploads folder and secret
 * file. A new directory starts from the suite's migrated template (quicker than creating one).
 */
async function serve(dataDir: string): Promise<Server> {
  const fresh = !existsSync(join(dataDir, 'pgdata', 'PG_VERSION'));
  const database = await createDatabase({ dataDir, ...(fresh ? { pgliteDump: new Blob([readFileSync(inject('pgliteTemplatePath'))]) } : {}) });
  await runMigrations(database);
  const secret = resolveJwtSecret(undefined, dataDir);
  const { app, tokens } = await buildApp({ db: database.db, jobSql: database.jobSql, jwtSecret: secret, uploadsDir: join(dataDir, 'uploads'), logLevel: 'silent', publicUrl: 'http://clinic.test' });
  await app.ready();
  const request: TestApp['request'] = ({ token, headers, ...rest }) => app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  return {
    database,
    app,
    secret,
    tokens,
    helpers: { app, request } as unknown as TestApp,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Rows in every table of the app, by table. */
async function tableCounts(database: Database): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(database.db, sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    counts[name] = (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from ${sql.identifier(name)}`))[0]!.n;
  }
  return counts;
}

/** The backup command as `npm run backup` / `npm run restore` run it, from `cwd` (not blocking: this process may be the server it asks). */
function cli(args: string[], cwd: string, env: Record<string, string> = {}): Promise<{ status: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/backup/cli.ts', ...args], { cwd: serverRoot, env: { PATH: process.env.PATH, INIT_CWD: cwd, ...env }, timeout: 60_000 });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((done) => child.on('close', (status) => done({ status, out, err })));
}

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'clinic-backup-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.skipIf(!embedded)('backup and restore of the embedded data directory', () => {
  it('restores a new data directory with the same rows, uploaded file and secret, where tokens issued before still work', async () => {
    const dataDir = join(root, 'data');
    const server = await serve(dataDir);
    const world = await createWorld(server.database.db);
    const location = world.own.org.locations[0]!.id;
    const sign = (user: typeof world.own.users.assistant) => server.tokens.sign({ sub: user.id, role: user.role, organization_id: user.organizationId, company_id: user.companyId });
    const member = sign(world.own.users.company_member);
    const assistant = sign(world.own.users.assistant);

    const product = await createProduct(server.database.db, { companyId: null, name: 'Backup Gloves' });
    const stock = await createStock(server.database.db, { companyId: location, productId: product.id, unitsPerContainer: 100, lotNumber: 'BK-1' });
    const treatment = await insertTreatment(server.database.db, { companyId: location, treatmentCode: 'BK1', name: 'Cleaning', abbreviation: '', description: '', categoryId: null, createdBy: null });
    const visit = await server.helpers.request({
      method: 'POST',
      url: '/api/treatment_log',
      token: assistant,
      payload: { idempotency_key: randomUUID(), patient_chart_number: 'CH-BK-1', treatments: [treatment.id], products: [{ product_id: product.id, quantity: 7, treatment_id: treatment.id }] },
    });
    expect(visit.statusCode).toBe(201);
    const imageUrl = await uploadFile(server.helpers, member, 'category_image', { name: 'gloves.png', mimeType: 'image/png', bytes: PNG_BYTES });
    expect((await server.helpers.request({ method: 'POST', url: '/api/category', token: member, payload: { name: 'Gloves', image_url: imageUrl } })).statusCode).toBe(201);

    const visitBefore = (await server.helpers.request({ method: 'GET', url: `/api/treatment_log/${visit.json().id as string}`, token: member })).json();
    const stockBefore = (await server.helpers.request({ method: 'GET', url: `/api/stock/${stock.id}`, token: member })).json();
    expect(stockBefore).toMatchObject({ lotNumber: 'BK-1', units_left: 93 });

    // The server runs (it holds the data-directory lock and takes backup requests): the command asks
    // it, while visits keep taking another product out of stock, one unit each.
    const raced = await createProduct(server.database.db, { companyId: null, name: 'Backup Gauze' });
    const racedStock = await createStock(server.database.db, { companyId: location, productId: raced.id, unitsPerContainer: 1000, lotNumber: 'BK-2' });
    const countsBefore = await tableCounts(server.database);
    expect(countsBefore).toMatchObject({ treatment_logs: 1, stocks: 2 });
    const release = lockDataDir(dataDir);
    const listener = await startBackupListener(server.database, dataDir, { info: () => undefined, error: () => undefined });
    const recordVisit = (chart: string) =>
      server.helpers.request({
        method: 'POST',
        url: '/api/treatment_log',
        token: assistant,
        payload: { idempotency_key: randomUUID(), patient_chart_number: chart, treatments: [treatment.id], products: [{ product_id: raced.id, quantity: 1, treatment_id: treatment.id }] },
      });
    let backingUp = true;
    const running = cli(['backup', '--out', 'backups/clinic.tar.gz'], root, { DATA_DIR: 'data' }).finally(() => (backingUp = false));
    let racing = 0;
    while (backingUp && racing < 200) {
      expect((await recordVisit(`CH-RACE-${String(racing)}`)).statusCode).toBe(201);
      racing += 1;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const made = await running;
    expect(made.err).toBe('');
    expect(made.status).toBe(0);
    const file = join(root, 'backups', 'clinic.tar.gz');
    expect(made.out).toContain('Wrote backups/clinic.tar.gz (');
    expect(made.out).toContain('written by the server running on the data directory');
    expect(made.out).toContain('uploads: 1 files');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const countsAtEnd = await tableCounts(server.database);
    // A visit recorded after the backup is not in it.
    expect((await recordVisit('CH-LATER')).statusCode).toBe(201);
    await listener.close();
    await server.close();
    release();

    const restored = await cli(['restore', 'backups/clinic.tar.gz', '--data-dir', 'restored'], root);
    expect(restored.err).toBe('');
    expect(restored.status).toBe(0);
    const restoredDir = join(root, 'restored');
    expect(restored.out).toContain(`DATA_DIR=${restoredDir} npm start`);

    const again = await serve(restoredDir);
    try {
      // Every table as it was at one moment during the backup: between its counts before and after it.
      const counts = await tableCounts(again.database);
      expect(Object.keys(counts)).toEqual(Object.keys(countsBefore));
      for (const [table, n] of Object.entries(counts)) {
        expect({ table, n, between: n >= countsBefore[table]! && n <= countsAtEnd[table]! }).toEqual({ table, n, between: true });
      }
      // ... and whole visits only: the raced lot is short by exactly the visits the copy holds.
      const racedVisits = counts.treatment_logs! - 1;
      expect(racedVisits).toBeLessThanOrEqual(racing);
      expect((await again.helpers.request({ method: 'GET', url: `/api/stock/${racedStock.id}`, token: member })).json()).toMatchObject({ units_left: 1000 - racedVisits });
      expect(again.secret).toBe(server.secret);
      // A token signed before the backup is accepted by the restored server.
      expect((await again.helpers.request({ method: 'GET', url: `/api/treatment_log/${visit.json().id as string}`, token: member })).json()).toEqual(visitBefore);
      const stockAfter = (await again.helpers.request({ method: 'GET', url: `/api/stock/${stock.id}`, token: member })).json();
      expect(stockAfter).toEqual(stockBefore);
      const categories = (await again.helpers.request({ method: 'GET', url: '/api/category?search=Gloves', token: member })).json();
      const image = await again.app.inject({ method: 'GET', url: categories.results[0].image_url as string });
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.equals(PNG_BYTES)).toBe(true);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('refuses to restore over a data directory that holds anything, and a damaged file leaves nothing behind', async () => {
    const dataDir = join(root, 'small');
    const server = await serve(dataDir);
    await server.close();
    const file = join(root, 'small.tar.gz');
    // A server that takes no backup requests (an older version) holds the directory: refused, nothing written.
    const release = lockDataDir(dataDir);
    await expect(backupDataDir({ dataDir, out: file })).rejects.toThrow(/in use by server process \d+, which takes no backup requests\. Stop the server/);
    expect(existsSync(file)).toBe(false);
    release();

    const result = await backupDataDir({ dataDir, out: file });
    expect(result.manifest).toMatchObject({ format: 1, app: 'clinic-inventory', uploads: { files: 0 }, jwtSecret: true });
    expect(result.manifest.database.latestMigration).toMatch(/^\d{4}_/);
    // With no server running the command takes the lock itself, and gives it back.
    expect(result.byServer).toBe(false);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
    await expect(backupDataDir({ dataDir, out: file })).rejects.toThrow(/already exists/);

    const occupied = join(root, 'occupied');
    mkdirSync(occupied);
    writeFileSync(join(occupied, 'keep.txt'), 'mine');
    await expect(restoreBackup({ file, dataDir: occupied })).rejects.toThrow(/is not empty/);
    expect(readdirSync(occupied)).toEqual(['keep.txt']);

    const damaged = join(root, 'damaged.tar.gz');
    writeFileSync(damaged, readFileSync(file));
    truncateSync(damaged, Math.floor(statSync(damaged).size / 2));
    await expect(restoreBackup({ file: damaged, dataDir: join(root, 'from-damaged') })).rejects.toThrow(/damaged/);
    expect(existsSync(join(root, 'from-damaged'))).toBe(false);
    expect(readdirSync(root).filter((name) => name.includes('.restoring-'))).toEqual([]);

    const notBackup = join(root, 'not-a-backup.tar.gz');
    writeFileSync(notBackup, 'hello');
    await expect(restoreBackup({ file: notBackup, dataDir: join(root, 'from-nothing') })).rejects.toThrow(/not a Clinic Inventory backup/);

    // An empty directory (made ready by the operator) is fine.
    const empty = join(root, 'empty');
    mkdirSync(empty);
    await restoreBackup({ file, dataDir: empty });
    expect(readdirSync(empty).sort()).toEqual(['jwt-secret', 'pgdata']);
  }, 120_000);

  it('refuses on PostgreSQL (DATABASE_URL) and points to pg_dump', async () => {
    const result = await cli(['backup'], root, { DATABASE_URL: 'postgres://clinic@127.0.0.1:5432/clinic' });
    expect(result.status).toBe(1);
    expect(result.err).toContain('pg_dump');
    expect(result.err).toContain('docs/operations.md');
  });
});
