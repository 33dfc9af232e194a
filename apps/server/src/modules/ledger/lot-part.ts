import { roundToCents } from '@clinic/domain';
import type { NewStock, StockRow } from './ledger.repo';

/** Where a part of a lot goes, who made it and when, and which lot it came from. */
type PartOrigin = Pick<NewStock, 'companyId' | 'createdBy' | 'createdAt' | 'placeId' | 'movedFromStockId' | 'transferredFromStockId'>;

/**
 * A new lot holding units of another (a part moved to another place, units received by a transfer):
 * the same product, lot number, expiry, supplier, unit price, consignment and unique-lot flags and
 * note, as `quantity` containers of one unit at the same unit price, so its value is the units' value
 * where they came from. Its status is not copied: it joins the holds of the lot it came from as it
 * is inserted (migration 0043, stocks_join_holds), so a recalled lot's part stays recalled and a
 * release frees both.
 */
export function partOf(lot: StockRow, quantity: number, origin: PartOrigin): NewStock {
  return {
    productId: lot.productId,
    supplierId: lot.supplierId,
    containerQuantity: quantity,
    unitsPerContainer: 1,
    pricePerContainer: roundToCents(lot.unitPrice),
    unitPrice: lot.unitPrice,
    expiryDate: lot.expiryDate,
    lotNumber: lot.lotNumber,
    isConsignment: lot.isConsignment,
    note: lot.note,
    hasUniqueLot: lot.hasUniqueLot,
    ...origin,
  };
}
