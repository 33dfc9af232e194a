import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client';

/**
 * Named statements: the statements on the hottest paths (an authenticated request's actor, a list
 * page, a consumption, its alerts, the audit row) are built once and run under a name of their own.
 *
 * What the name does depends on the driver. On PostgreSQL (node-postgres) the first run on a
 * connection parses the statement under its name and later runs only bind it, so PostgreSQL parses
 * it once per connection and may keep a generic plan. The embedded database (PGlite) ignores the
 * name: drizzle's PGlite session sends every statement unnamed, parsed on every run. On both, the
 * text is built once instead of at every call: building a drizzle statement costs more Node CPU
 * than the database spends running these.
 *
 * A name belongs to one text: node-postgres refuses a name it has parsed on that connection with
 * another text ("Prepared statements must be unique"): two statements sharing a name would fail
 * now and then, on whichever pooled connection happened to run both. So every name is registered
 * here once, at module load, and a second registration stops the server at start-up.
 */

const NAME = /^[a-z][a-z0-9_]*$/;
/** PostgreSQL truncates longer identifiers, and two names truncated alike would be one. */
const MAX_NAME_LENGTH = 63;
const registered = new Set<string>();

/**
 * Registers a statement name and returns it; call it at module load, once per statement, and pass
 * the result to a query builder's `.prepare(name)` (lint refuses a bare string there).
 */
export function statementName(name: string): string {
  if (!NAME.test(name) || name.length > MAX_NAME_LENGTH) {
    throw new Error(`Statement name '${name}' must be lower-case letters, digits and underscores, start with a letter and be at most ${MAX_NAME_LENGTH} characters`);
  }
  if (registered.has(name)) throw new Error(`Statement name '${name}' is registered twice: each named statement needs a name of its own`);
  registered.add(name);
  return name;
}

/** Every name registered so far, in registration order. */
export function registeredStatementNames(): string[] {
  return [...registered];
}

const dialect = new PgDialect();

/**
 * A raw SQL statement, its values as `sql.placeholder(...)`, run by name on the database or inside
 * a transaction. Rows come back as the driver gives them (column names as written, numerics, dates
 * and timestamps as strings on both drivers: drizzle sets those parsers).
 */
export function namedStatement<Row = Record<string, unknown>>(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  const registeredName = statementName(name);
  // One drizzle prepared query per session, kept while the session lives (the database's for good,
  // a transaction's until it ends): drizzle's own `.prepare()` is run this way, many times and at
  // once, and building it anew on every run was a measurable part of a small request.
  const prepared = new WeakMap<object, ReturnType<typeof prepareRaw>>();
  return async (db: DbOrTx, values: Record<string, unknown>): Promise<Row[]> => {
    const session = db._.session;
    let statement = prepared.get(session);
    if (!statement) {
      statement = prepareRaw(db, query, registeredName);
      prepared.set(session, statement);
    }
    const result = await statement.execute(values);
    return (result as { rows: Row[] }).rows;
  };
}

/**
 * A query builder's statement run by name on the database, its rows handed to `map` as the driver
 * gives them: arrays in the order of the selection (so joined tables' equal column names do not
 * collide), values as described above (timestamps as text, json already parsed). drizzle's own
 * mapper (`mapResultRow`) walks every column of every row through its decoders and `is()` checks,
 * which on the lookup every request makes costs more than the rest of reading the row; `map` does
 * the same by hand. Pass a name from `statementName`; the statement text is the builder's, so it
 * is the one `.prepare(name)` would send.
 */
export function namedSelect<Row>(db: Db, name: string, query: { toSQL(): Query }, map: (row: unknown[]) => Row) {
  const prepared = db._.session.prepareQuery(query.toSQL(), undefined, name, true, (rows) => rows.map(map));
  return async (values: Record<string, unknown>): Promise<Row[]> => (await prepared.execute(values)) as Row[];
}

/**
 * The one place that reaches past drizzle's documented API (with namedSelect above, which calls
 * the same `prepareQuery` with a row mapper, as drizzle's relational queries do). drizzle-orm 0.45 names a prepared
 * statement only through its query builders' `.prepare(name)`; raw SQL runs through
 * `db.execute(sql)`, which prepares it the same way but always unnamed, and the raw statements
 * run through here (a data-modifying CTE over arrays, lock queries whose callers read the
 * driver's rows) are not builder queries. Both paths end in the session's `prepareQuery`, which this calls with the
 * name; a transaction's session runs on the transaction's connection. It is typed (`db._.session`
 * is declared on PgDatabase) but undocumented: after a drizzle upgrade, named-statement.test.ts
 * and the consumption route tests are the ones to watch.
 */
function prepareRaw(db: DbOrTx, query: Query, name: string) {
  return db._.session.prepareQuery(query, undefined, name, false);
}
