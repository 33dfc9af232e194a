import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { MIGRATIONS_DIR } from '../paths';
import { installJobSchema } from '../jobs/job-queue';
import type { Database } from './client';

/**
 * Applies committed migrations; safe to run at every start and from several processes at once:
 * they take turns under the database's start-up lock, and those after the first find nothing to do.
 */
export async function runMigrations(database: Database): Promise<void> {
  await database.exclusive(() => migrate(database));
}

async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.driver === 'postgres') {
    await migratePg(database.db as unknown as NodePgDatabase, config);
  } else {
    // Loaded only for the embedded database, as its driver is (db/client.ts).
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as unknown as PgliteDatabase, config);
  }
  // The job engine's tables and queues (pg-boss keeps its own migrations, in its own schema).
  await installJobSchema(database.jobSql);
  await database.refreshTypes?.();
}
