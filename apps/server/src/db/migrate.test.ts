import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDatabase } from './client';
import { runMigrations } from './migrate';
import { withDatabase } from '../../test/setup/global-setup';

/**
 * Three server processes starting at once on a fresh PostgreSQL database all come up: migrations
 * take turns under an advisory lock (without it two of them failed on CREATE TYPE). PostgreSQL
 * only: the embedded database has one process per data directory.
 */
const adminUrl = inject('postgresAdminUrl');

it.skipIf(!adminUrl)('migrates a fresh PostgreSQL database from three processes at once', async () => {
  const name = `clinic_start_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const databases = await Promise.all([1, 2, 3].map(() => createDatabase({ databaseUrl: withDatabase(adminUrl, name), poolSize: 3 })));
  try {
    const results = await Promise.allSettled(databases.map((database) => runMigrations(database)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const rows = await databases[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const migrations = (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(migrations).toBeGreaterThan(15);
  } finally {
    await Promise.all(databases.map((database) => database.close()));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});
