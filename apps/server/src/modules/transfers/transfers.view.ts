import { roundToCents, type Transfer } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import { itemsOf, linesOf, namesOf, type TransferRow } from './transfers.repo';

/** Transfers as the API answers them: both ends named, what was asked, the lots shipped and their value. */
export async function toTransfers(db: DbOrTx, rows: TransferRow[]): Promise<Transfer[]> {
  const ids = rows.map((r) => r.id);
  const people = rows.flatMap((r) => [r.requestedBy, r.shippedBy, r.receivedBy, r.canceledBy].filter((u): u is string => u !== null));
  const [items, lines, names] = await Promise.all([itemsOf(db, ids), linesOf(db, ids), namesOf(db, rows.flatMap((r) => [r.fromCompanyId, r.toCompanyId]), people)]);
  const who = (by: string | null, at: Date | null) => (at ? { by: by ? (names.people.get(by) ?? null) : null, at: at.toISOString() } : null);
  return rows.map((r) => {
    const own = lines.filter((l) => l.line.transferId === r.id);
    const unitsShipped = own.reduce((s, l) => s + l.line.unitsShipped, 0);
    const valueShipped = roundToCents(own.reduce((s, l) => s + l.line.unitsShipped * l.line.unitPrice, 0));
    const moving = r.status === 'in_transit';
    return {
      id: r.id,
      status: r.status,
      from: { id: r.fromCompanyId, name: names.locations.get(r.fromCompanyId) ?? '' },
      to: { id: r.toCompanyId, name: names.locations.get(r.toCompanyId) ?? '' },
      note: r.note,
      requested: who(r.requestedBy, r.requestedAt),
      shipped: who(r.shippedBy, r.shippedAt),
      received: who(r.receivedBy, r.receivedAt),
      canceled: who(r.canceledBy, r.canceledAt),
      created_at: r.createdAt.toISOString(),
      items: items.filter((i) => i.transferId === r.id).map((i) => ({ product_id: i.productId, product_name: i.productName, units: i.units })),
      lines: own.map(({ line, productName, lotNumber, expiryDate }) => ({
        id: line.id,
        product_id: line.productId,
        product_name: productName,
        source_stock_id: line.sourceStockId,
        lotNumber,
        expiry_date: expiryDate,
        units_shipped: line.unitsShipped,
        unit_price: line.unitPrice,
        units_received: line.unitsReceived,
        units_written_off: line.unitsWrittenOff,
        write_off_reason: line.writeOffReason,
        received_stock_id: line.receivedStockId,
      })),
      units_shipped: unitsShipped,
      value_shipped: valueShipped,
      units_in_transit: moving ? unitsShipped : 0,
      value_in_transit: moving ? valueShipped : 0,
    };
  });
}
