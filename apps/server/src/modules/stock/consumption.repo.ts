import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { consumptionRequests, products } from '../../db/schema/index';

export async function productNames(tx: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const rows = await tx.select({ id: products.id, name: products.name }).from(products).where(sql`${products.id} = any(${sql.param(ids)}::uuid[])`);
  return new Map(rows.map((r) => [r.id, r.name]));
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

export async function storeIdempotentAnswer(tx: Tx, companyId: string, key: string, response: unknown): Promise<void> {
  await tx
    .update(consumptionRequests)
    .set({ response })
    .where(and(eq(consumptionRequests.companyId, companyId), eq(consumptionRequests.key, key)));
}
