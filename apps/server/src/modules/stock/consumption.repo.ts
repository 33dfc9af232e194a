import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { namedStatement } from '../../db/named-statement';
import { idempotencyKeyReused } from '../../core/errors';
import { products } from '../../db/schema/index';
import { visibleProducts } from '../products/products.repo';
import type { NewUsage } from './stock.repo';

// A manual consumption runs these on every request, several of them while its lots are locked:
// named statements, built once (db/named-statement.ts).
const p = (name: string) => sql.placeholder(name);

export async function productNames(tx: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const rows = await tx.select({ id: products.id, name: products.name }).from(products).where(sql`${products.id} = any(${sql.param(ids)}::uuid[])`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

const visibleProductName = namedStatement<{ id: string; name: string }>(
  'consumption_product',
  sql`select ${products.id}, ${products.name} from ${products} where ${products.id} = ${p('productId')}::uuid and ${visibleProducts({ companyId: sql`${p('companyId')}::uuid` })} limit 1`,
);

/**
 * A product the location sees, with only the name a consumption needs (for its shortage message):
 * one indexed lookup instead of the product page's joins.
 */
export async function findVisibleProductName(db: DbOrTx, companyId: string, productId: string): Promise<{ id: string; name: string } | null> {
  const [row] = await visibleProductName(db, { companyId, productId });
  return row ?? null;
}

const insertKey = namedStatement<{ key: string }>(
  'consumption_claim_key',
  sql`insert into consumption_requests (company_id, key, fingerprint, response) values (${p('companyId')}::uuid, ${p('key')}, ${p('fingerprint')}, '{}'::jsonb) on conflict do nothing returning key`,
);
const storedAnswer = namedStatement<{ response: unknown; fingerprint: string | null }>(
  'consumption_stored_answer',
  sql`select response, fingerprint from consumption_requests where company_id = ${p('companyId')}::uuid and key = ${p('key')}`,
);

/**
 * Claims an idempotency key inside the transaction. The first request inserts it with its
 * fingerprint (modules/idempotency/request-fingerprint.ts); a replay of the same request finds the stored answer
 * (a concurrent twin waits on the key's index entry until the first commits), while another
 * request under the same key is refused with a 422 rather than answered with the first one's
 * result, which would tell its sender that something was done. When the first request failed,
 * its rolled-back key is free again and the retry runs afresh.
 */
export async function claimIdempotencyKey<T>(tx: Tx, companyId: string, key: string, fingerprint: string): Promise<{ replay: T } | { claimed: true }> {
  const inserted = await insertKey(tx, { companyId, key, fingerprint });
  if (inserted.length > 0) return { claimed: true };
  const [stored] = await storedAnswer(tx, { companyId, key });
  // Keys stored before fingerprints were kept have none: they replay as they always did.
  if (stored?.fingerprint && stored.fingerprint !== fingerprint) throw idempotencyKeyReused();
  return { replay: stored?.response as T };
}

// The usage rows travel as one array per column, so one statement text serves any number of lots.
// The kinds travel as text: the embedded database learns array types when it opens, before the
// migrations create the enum, so it could not send a usage_kind[] parameter.
const writeUsagesAndAnswer = namedStatement(
  'consumption_record',
  sql`with written as (
        insert into stock_usages (company_id, stock_id, product_id, kind, quantity, unit_price, note, user_id, treatment_log_product_id, created_at)
        select u.company_id, u.stock_id, u.product_id, u.kind::usage_kind, u.quantity, u.unit_price, u.note, u.user_id, u.line_id, u.created_at
          from unnest(${p('companyIds')}::uuid[], ${p('stockIds')}::uuid[], ${p('productIds')}::uuid[], ${p('kinds')}::text[],
                      ${p('quantities')}::numeric[], ${p('unitPrices')}::numeric[], ${p('notes')}::text[], ${p('userIds')}::uuid[],
                      ${p('lineIds')}::uuid[], ${p('createdAts')}::timestamptz[])
            as u(company_id, stock_id, product_id, kind, quantity, unit_price, note, user_id, line_id, created_at)
        returning id
      )
      update consumption_requests set response = ${p('response')}::jsonb
       where company_id = ${p('companyId')}::uuid and key = ${p('key')}`,
);

/**
 * Writes a claimed request's usage rows and stores its answer for replays, in one statement: one
 * round trip less while the lots are locked. The usage trigger moves the counters and the CHECKs
 * on stocks still refuse an overdraw, failing the whole statement.
 */
export async function recordConsumption(tx: Tx, usages: NewUsage[], answer: { companyId: string; key: string; response: unknown }): Promise<void> {
  if (usages.length === 0) throw new Error('a consumption writes at least one usage row');
  await writeUsagesAndAnswer(tx, {
    companyIds: usages.map((u) => u.companyId),
    stockIds: usages.map((u) => u.stockId),
    productIds: usages.map((u) => u.productId),
    kinds: usages.map((u) => u.kind),
    quantities: usages.map((u) => u.quantity),
    unitPrices: usages.map((u) => u.unitPrice),
    notes: usages.map((u) => u.note ?? ''),
    userIds: usages.map((u) => u.userId ?? null),
    lineIds: usages.map((u) => u.treatmentLogProductId ?? null),
    createdAts: usages.map((u) => (u.createdAt ?? new Date()).toISOString()),
    response: JSON.stringify(answer.response),
    companyId: answer.companyId,
    key: answer.key,
  });
}

const storeAnswer = namedStatement(
  'consumption_store_answer',
  sql`update consumption_requests set response = ${p('response')}::jsonb where company_id = ${p('companyId')}::uuid and key = ${p('key')}`,
);

/** Stores a claimed request's answer when it wrote no usage rows (a visit without products). */
export async function storeIdempotentAnswer(tx: Tx, companyId: string, key: string, response: unknown): Promise<void> {
  await storeAnswer(tx, { companyId, key, response: JSON.stringify(response) });
}
