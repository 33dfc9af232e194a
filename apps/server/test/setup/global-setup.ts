import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { createDatabase } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: string;
    postgresAdminUrl: string;
  }
}

/**
 * Migrates one template database per run; each test file then starts from a clone of it,
 * so files share no state and nobody pays for migrations twice.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgresUrl = process.env.TEST_DB_DRIVER === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (postgresUrl) {
    const template = `clinic_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const templateUrl = withDatabase(postgresUrl, template);
    const database = await createDatabase({ databaseUrl: templateUrl, poolSize: 1 });
    await runMigrations(database);
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('postgresAdminUrl', postgresUrl);
    project.provide('pgliteTemplatePath', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template}`);
      await admin.end();
    };
  }

  const dir = mkdtempSync(join(tmpdir(), 'clinic-test-'));
  const template = await createDatabase({});
  await runMigrations(template);
  const dump = await template.dump!();
  await template.close();
  const path = join(dir, 'template.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', path);
  project.provide('postgresTemplate', '');
  project.provide('postgresAdminUrl', '');
  return async () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

