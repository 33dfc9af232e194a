import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

const dialect = new PgDialect();

/**
 * A statement for the hottest paths (a consumption, its alerts, the audit row): its text is built
 * once from `sql` with `sql.placeholder(...)` for the values, and it runs by name on the database
 * or inside a transaction. PostgreSQL then parses it once per connection and may keep its plan.
 * Drizzle's query builders rebuild the text on every call, which costs more Node CPU than the
 * database spends running these statements. Rows come back as the driver gives them, with
 * numerics, dates and timestamps as strings on both drivers (drizzle sets those parsers).
 */
export function namedStatement<Row = Record<string, unknown>>(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  return async (db: DbOrTx, values: Record<string, unknown>): Promise<Row[]> => {
    const result = await db._.session.prepareQuery(query, undefined, name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}
