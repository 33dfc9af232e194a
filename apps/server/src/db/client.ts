import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import type { SqlExecutor } from './sql-executor';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** Either driver behind one type: repositories never know which one they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections now (for /metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * Embedded only: learn the array types the migrations created. PGlite reads them when it opens,
   * which on a new data directory is before the migrations, and could not send an array of an
   * enum of ours as a parameter otherwise.
   */
  refreshTypes?: () => Promise<void>;
  /** Embedded only: a tarball of the data directory, to clone a migrated template. */
  dump?: () => Promise<Blob>;
  /**
   * Runs `work` while no other server process on this database runs its own (a PostgreSQL
   * advisory lock held on one connection). Migrations and the first-start seed go through it, so
   * any number of processes may start at once. The embedded database has one process per data
   * directory (a lock file), so there it simply runs.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /**
   * The job engine's own connection to the database (pg-boss sends plain SQL, some of it several
   * statements without parameters, which drizzle cannot pass on).
   */
  jobSql: SqlExecutor;
}

/** The advisory lock key of start-up work (any constant; "clinic" in ASCII). */
const STARTUP_LOCK_KEY = 0x636c696e6963;

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir?: string;
  poolSize?: number;
  /**
   * Embedded only: PostgreSQL's shared_buffers (e.g. '32MB'). PGlite's WebAssembly memory holds
   * them whole from the start, so its 128MB default costs an idle server about 120 MB more than
   * 32MB does; a page outside them is read again through the operating system's file cache.
   */
  sharedBuffers?: string;
  /**
   * Start an embedded database from a dump (tests clone a migrated template this way): in memory,
   * or with `dataDir` written into its pgdata folder, which must not hold a database yet (restore).
   */
  pgliteDump?: Blob;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection closed by the server (restart, failover) must not crash the process;
    // the pool drops it and opens a new one on the next checkout.
    pool.on('error', () => undefined);
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      driver: 'postgres',
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      jobSql: { executeSql: (text, values) => pool.query(text, values) },
      async exclusive(work) {
        // Its own connection, outside the pool: the work needs the pool's (a pool of one would wait forever).
        const connection = new pg.Client({ connectionString: options.databaseUrl });
        await connection.connect();
        try {
          await connection.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await work();
        } finally {
          // Closing the session releases its advisory lock.
          await connection.end();
        }
      },
    };
  }
  // The embedded database's code is loaded only here: a server on PostgreSQL never loads it.
  const [{ PGlite: EmbeddedPostgres }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  // The fuzzy product search needs pg_trgm, which PGlite ships as a loadable extension.
  const extensions = { pg_trgm };
  const startParams = options.sharedBuffers ? { startParams: [...EmbeddedPostgres.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`] } : {};
  let client: PGlite;
  if (options.dataDir) {
    const dir = join(options.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    client = new EmbeddedPostgres(dir, { extensions, ...startParams, ...(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {}) });
  } else if (options.pgliteDump) {
    client = new EmbeddedPostgres({ loadDataDir: options.pgliteDump, extensions, ...startParams });
  } else {
    client = new EmbeddedPostgres({ extensions, ...startParams });
  }
  await client.waitReady;
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    driver: 'pglite',
    close: () => client.close(),
    refreshTypes: () => client.refreshArrayTypes(),
    dump: async () => client.dumpDataDir('none'),
    exclusive: (work) => work(),
    jobSql: {
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values);
        // Statements without parameters may be several (the engine's schema and maintenance):
        // answered like node-postgres, one result or the list of them.
        const results = await client.exec(text);
        return (results.length === 1 ? results[0] : results) as { rows: unknown[] };
      },
    },
  };
}
