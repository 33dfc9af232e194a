import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { namedStatement } from '../../db/named-statement';

// Claimed on every consumption and visit save: named statements, built once (db/named-statement.ts).
const p = (name: string) => sql.placeholder(name);

const insertKey = namedStatement<{ key: string }>(
  'idempotency_claim_key',
  sql`insert into idempotency_keys (company_id, operation, key, fingerprint, response)
      values (${p('companyId')}::uuid, ${p('operation')}, ${p('key')}, ${p('fingerprint')}, '{}'::jsonb)
      on conflict do nothing returning key`,
);
const storedAnswer = namedStatement<{ response: unknown; fingerprint: string | null }>(
  'idempotency_stored_answer',
  sql`select response, fingerprint from idempotency_keys
       where company_id = ${p('companyId')}::uuid and operation = ${p('operation')} and key = ${p('key')}`,
);
/**
 * The SQL that stores a claimed key's answer, also for a caller that folds it into a statement of
 * its own (the ledger writes a consumption's usage rows and its answer in one round trip). Its
 * placeholders are `response`, `companyId`, `operation` and `key`.
 */
export const STORE_ANSWER_SQL = sql`update idempotency_keys set response = ${p('response')}::jsonb
       where company_id = ${p('companyId')}::uuid and operation = ${p('operation')} and key = ${p('key')}`;
const storeAnswer = namedStatement('idempotency_store_answer', STORE_ANSWER_SQL);

export interface KeyRef {
  companyId: string;
  operation: string;
  key: string;
}

/** Inserts the key; false when it was there already (a concurrent twin waits here until the first commits). */
export async function insertIdempotencyKey(tx: Tx, ref: KeyRef, fingerprint: string): Promise<boolean> {
  return (await insertKey(tx, { ...ref, fingerprint })).length > 0;
}

export async function findStoredAnswer(tx: DbOrTx, ref: KeyRef): Promise<{ response: unknown; fingerprint: string | null } | undefined> {
  const [row] = await storedAnswer(tx, { ...ref });
  return row;
}

export async function saveAnswer(tx: Tx, ref: KeyRef, response: unknown): Promise<void> {
  await storeAnswer(tx, { ...ref, response: JSON.stringify(response) });
}
