import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/setup/test-app';
import { queryRows } from '../../test/setup/sql';
import { namedStatement, registeredStatementNames, statementName } from './named-statement';

describe('the statement name registry', () => {
  it('refuses a name registered twice, naming it', () => {
    statementName('registry_probe_twice');
    expect(() => statementName('registry_probe_twice')).toThrow(/'registry_probe_twice' is registered twice/);
  });

  it('refuses a name PostgreSQL would not keep as written', () => {
    expect(() => statementName('Mixed_Case')).toThrow(/'Mixed_Case'/);
    expect(() => statementName(`long_${'x'.repeat(60)}`)).toThrow(/at most 63/);
  });
});

describe('named statements of the app', () => {
  let t: TestApp;
  const echo = namedStatement<{ n: number }>('named_statement_probe_echo', sql`select ${sql.placeholder('n')}::int as n`);
  const postgres = Boolean(inject('postgresTemplate'));

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers each name once, at module load, so a second app on the same modules starts', async () => {
    const sibling = await t.sibling();
    await sibling.close();
    const names = registeredStatementNames();
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
    // Both kinds go through the registry: raw SQL statements and query builders' .prepare(name).
    expect(names).toEqual(expect.arrayContaining(['record_audit', 'lock_product_lots', 'refresh_alerts_product_at_location', 'find_user_by_id', 'catalog_version', 'products_with_names_location_all']));
  });

  it('runs on the database and inside a transaction', async () => {
    expect(await echo(t.db, { n: 1 })).toEqual([{ n: 1 }]);
    expect(await t.db.transaction((tx) => echo(tx, { n: 2 }))).toEqual([{ n: 2 }]);
  });

  it('is prepared under its name on PostgreSQL; the embedded database runs it unnamed', async () => {
    const prepared = await t.db.transaction(async (tx) => {
      await echo(tx, { n: 3 });
      return queryRows<{ name: string }>(tx, sql`select name from pg_prepared_statements where name = 'named_statement_probe_echo'`);
    });
    // drizzle's PGlite session drops the name: what db/named-statement.ts and docs/decisions.md say.
    expect(prepared.length).toBe(postgres ? 1 : 0);
  });
});
