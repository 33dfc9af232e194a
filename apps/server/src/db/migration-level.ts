import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../paths';
import type { Db } from './client';

/** How far a database is migrated: how many migrations it has applied and the last one's name. */
export interface MigrationLevel {
  applied: number;
  /** The tag of the newest applied migration (e.g. "0026_sessions"); null before the first, or when this app does not know it. */
  latest: string | null;
}

interface Journal {
  entries: { tag: string; when: number }[];
}

/** The migrations this app ships, oldest first (drizzle/meta/_journal.json). */
export function knownMigrations(): { tag: string; when: number }[] {
  return (JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as Journal).entries;
}

/** Drizzle records each applied migration with its journal time; a database never migrated has no table. */
export async function migrationLevel(db: Db): Promise<MigrationLevel> {
  const exists = (await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`)) as unknown as { rows: { present: boolean }[] };
  if (!exists.rows[0]?.present) return { applied: 0, latest: null };
  const result = (await db.execute(sql`select count(*)::int as applied, max(created_at)::text as newest from drizzle.__drizzle_migrations`)) as unknown as {
    rows: { applied: number; newest: string | null }[];
  };
  const row = result.rows[0]!;
  const newest = row.newest === null ? null : Number(row.newest);
  return { applied: Number(row.applied), latest: knownMigrations().find((m) => m.when === newest)?.tag ?? null };
}
