import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { consumptionRequests, products, stockUsages } from '../../db/schema/index';
import { visibleProducts } from '../products/products.repo';
import type { NewUsage } from './stock.repo';

export async function productNames(tx: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const rows = await tx.select({ id: products.id, name: products.name }).from(products).where(sql`${products.id} = any(${sql.param(ids)}::uuid[])`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * A product the location sees, with only the name a consumption needs (for its shortage message):
 * one indexed lookup instead of the product page's joins.
 */
export async function findVisibleProductName(db: DbOrTx, companyId: string, productId: string): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.id, productId), visibleProducts({ companyId })))
    .limit(1);
  return row ?? null;
}

/**
 * Claims an idempotency key inside the transaction. The first request inserts it; a replay finds
 * the stored answer (a concurrent twin waits on the key's index entry until the first commits).
 * When the first request failed, its rolled-back key is free again and the retry runs afresh.
 */
export async function claimIdempotencyKey<T>(tx: Tx, companyId: string, key: string): Promise<{ replay: T } | { claimed: true }> {
  const inserted = await tx.insert(consumptionRequests).values({ companyId, key, response: {} }).onConflictDoNothing().returning({ key: consumptionRequests.key });
  if (inserted.length > 0) return { claimed: true };
  const [stored] = await tx
    .select({ response: consumptionRequests.response })
    .from(consumptionRequests)
    .where(and(eq(consumptionRequests.companyId, companyId), eq(consumptionRequests.key, key)));
  return { replay: stored?.response as T };
}

/**
 * Writes a claimed request's usage rows and stores its answer for replays, in one statement: one
 * round trip less while the lots are locked. The usage trigger moves the counters and the CHECKs
 * on stocks still refuse an overdraw, failing the whole statement.
 */
export async function recordConsumption(tx: Tx, usages: NewUsage[], answer: { companyId: string; key: string; response: unknown }): Promise<void> {
  if (usages.length === 0) throw new Error('a consumption writes at least one usage row');
  const written = tx.$with('written').as(tx.insert(stockUsages).values(usages).returning({ id: stockUsages.id }));
  await tx
    .with(written)
    .update(consumptionRequests)
    .set({ response: answer.response })
    .where(and(eq(consumptionRequests.companyId, answer.companyId), eq(consumptionRequests.key, answer.key)));
}

/** Stores a claimed request's answer when it wrote no usage rows (a visit without products). */
export async function storeIdempotentAnswer(tx: Tx, companyId: string, key: string, response: unknown): Promise<void> {
  await tx
    .update(consumptionRequests)
    .set({ response })
    .where(and(eq(consumptionRequests.companyId, companyId), eq(consumptionRequests.key, key)));
}
