import type { EarlierReceipt } from '@clinic/domain';
import type { Tx } from '../../db/client';
import { duplicateReceipt } from '../../core/errors';
import { findReceiptsOf, lockReceiptsOf, type DeliveryKey, type NewStock } from './ledger.repo';

const keyOf = (k: DeliveryKey) => JSON.stringify([k.productId, k.lotNumber, k.expiryDate, k.supplierId]);

/**
 * The lots of a receipt that say which delivery they are: those with a lot number. Without one,
 * the same product from the same supplier arriving again is an ordinary reorder, not a repeat.
 */
function deliveryKeys(rows: NewStock[]): DeliveryKey[] {
  const keys = rows
    .filter((r) => (r.lotNumber ?? '') !== '')
    .map((r) => ({ productId: r.productId, lotNumber: r.lotNumber ?? '', expiryDate: r.expiryDate ?? null, supplierId: r.supplierId ?? null }));
  return [...new Map(keys.map((k) => [keyOf(k), k])).values()];
}

/**
 * Refuses (409 DUPLICATE_RECEIPT) a receipt whose lot of a product, with its expiry and supplier,
 * is already on the books at the location, naming the latest earlier receipt of each. Runs in the
 * receipt's transaction before its rows are written, with the products' receipts locked, so the
 * answer holds until the commit and a refused receipt writes nothing.
 */
export async function refuseDuplicateReceipts(tx: Tx, companyId: string, rows: NewStock[]): Promise<void> {
  const keys = deliveryKeys(rows);
  if (keys.length === 0) return;
  await lockReceiptsOf(tx, companyId, keys.map((k) => k.productId));
  const found = await findReceiptsOf(tx, companyId, keys);
  const latest = new Map<string, EarlierReceipt>();
  for (const { stock, productName, supplierName } of found) {
    const key = keyOf({ productId: stock.productId, lotNumber: stock.lotNumber, expiryDate: stock.expiryDate, supplierId: stock.supplierId });
    // Newest first: the first seen of a key is its latest receipt.
    if (latest.has(key)) continue;
    latest.set(key, {
      stock_id: stock.id,
      product_name: productName,
      lotNumber: stock.lotNumber,
      expiry_date: stock.expiryDate,
      supplier_name: supplierName,
      received_at: stock.createdAt.toISOString(),
      total_units: stock.totalUnits,
    });
  }
  // In the order the receipt lists its lots.
  const earlier = keys.flatMap((k) => latest.get(keyOf(k)) ?? []);
  if (earlier.length > 0) throw duplicateReceipt(earlier);
}
