import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ForecastMethod } from '@clinic/domain';
import type { DbOrTx, Tx } from '../../db/client';
import { lastDeliverySql } from '../purchasing/purchasing.reads';
import { suggestedOrderLines, suggestedOrders, purchaseOrders, suppliers, products, type SuggestedChoice } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { usableLot } from '../../db/usable-lots';

// What suggested orders read and write (issue 35): the products a location should consider (a
// forecast, a Minimum Stock or levels set by hand), where each stands (usable, on order, its last
// delivery), and the one open draft with its lines.

export interface ProductPosition {
  productId: string;
  name: string;
  minimumStock: number;
  pinned: { reorderPoint: number; orderUpTo: number } | null;
  /** The daily job's levels; null when the product has no forecast (no use in twelve weeks). */
  forecast: { method: ForecastMethod; dailyUse: number; reorderPoint: number; orderUpTo: number; expectedFill: number | null; why: string | null } | null;
  usableUnits: number;
  onOrderUnits: number;
  last: { supplierId: string; supplierName: string; unitsPerContainer: number; pricePerContainer: number } | null;
}

/**
 * Every product the location plans for, with its position, in one statement: those with a
 * forecast, a Minimum Stock above 0 or levels set by hand, not deleted. Units on order count each
 * open line's packs, times the catalog items in a pack, times the last delivery's units per container.
 */
export async function productPositions(db: DbOrTx, companyId: string, today: string): Promise<ProductPosition[]> {
  const found = await rowsOf<Record<string, string | number | null>>(
    db,
    sql`with planned as (
          select product_id from reorder_forecasts where company_id = ${companyId}::uuid
          union
          select product_id from product_company_settings where company_id = ${companyId}::uuid and (minimum_stock > 0 or pinned_reorder_point is not null)
        )
        select p.id as product_id, p.name, coalesce(pcs.minimum_stock, 0) as minimum_stock, pcs.pinned_reorder_point, pcs.pinned_order_up_to,
               rf.method as forecast_method, rf.daily_use as forecast_daily_use, rf.reorder_point as forecast_reorder_point, rf.order_up_to as forecast_order_up_to, rf.expected_fill, rf.why,
               coalesce(usable.units, 0) as usable_units, coalesce(ordered.units, 0) as on_order_units,
               last.supplier_id, last.supplier_name, last.units_per_container, last.price_per_container
          from planned
          join products p on p.id = planned.product_id and p.deleted_at is null
          left join product_company_settings pcs on pcs.company_id = ${companyId}::uuid and pcs.product_id = p.id
          left join reorder_forecasts rf on rf.company_id = ${companyId}::uuid and rf.product_id = p.id
          left join lateral (
            select sum(s.units_left) as units from stocks s
             where s.company_id = ${companyId}::uuid and s.product_id = p.id and ${usableLot('s', today)}
          ) usable on true
          left join lateral (${lastDeliverySql(sql`${companyId}::uuid`, sql`p.id`)}) last on true
          left join lateral (
            select sum((pol.quantity - pol.received_quantity) * coalesce(pol.items_per_pack, 1) * coalesce(last.units_per_container, 1)) as units from purchase_order_lines pol
              join purchase_orders po on po.id = pol.purchase_order_id
             where pol.company_id = ${companyId}::uuid and pol.product_id = p.id and po.status <> 'received'
          ) ordered on true
         order by p.name, p.id`,
  );
  return found.map((r) => {
    const unitsPerContainer = r.units_per_container == null ? null : Number(r.units_per_container);
    return {
      productId: String(r.product_id),
      name: String(r.name),
      minimumStock: Number(r.minimum_stock),
      pinned: r.pinned_reorder_point == null || r.pinned_order_up_to == null ? null : { reorderPoint: Number(r.pinned_reorder_point), orderUpTo: Number(r.pinned_order_up_to) },
      forecast:
        r.forecast_reorder_point == null || r.forecast_order_up_to == null
          ? null
          : {
              method: String(r.forecast_method) as ForecastMethod,
              dailyUse: Number(r.forecast_daily_use),
              reorderPoint: Number(r.forecast_reorder_point),
              orderUpTo: Number(r.forecast_order_up_to),
              expectedFill: r.expected_fill == null ? null : Number(r.expected_fill),
              why: r.why == null ? null : String(r.why),
            },
      usableUnits: Number(r.usable_units),
      onOrderUnits: Number(r.on_order_units),
      last:
        r.supplier_id == null
          ? null
          : { supplierId: String(r.supplier_id), supplierName: String(r.supplier_name), unitsPerContainer: unitsPerContainer ?? 1, pricePerContainer: Number(r.price_per_container ?? 0) },
    };
  });
}

export type SuggestedOrderRow = typeof suggestedOrders.$inferSelect;
export type NewSuggestedLine = Omit<typeof suggestedOrderLines.$inferInsert, 'id' | 'suggestedOrderId' | 'companyId'>;

/**
 * The location's open draft, made if there is none, and locked for this transaction: two runs (or
 * two processes) meet here, the second waits for the first and then works on the same draft.
 */
export async function lockOpenDraft(tx: Tx, companyId: string, at: Date): Promise<SuggestedOrderRow> {
  await tx
    .insert(suggestedOrders)
    .values({ companyId, createdAt: at, refreshedAt: at })
    .onConflictDoNothing({ target: suggestedOrders.companyId, where: sql`${suggestedOrders.status} = 'open'` });
  const [draft] = await tx
    .select()
    .from(suggestedOrders)
    .where(and(eq(suggestedOrders.companyId, companyId), eq(suggestedOrders.status, 'open')))
    .for('update');
  return draft!;
}

/** The open draft, locked, or null (ordering and editing never make one). */
export async function lockExistingDraft(tx: Tx, companyId: string): Promise<SuggestedOrderRow | null> {
  const [draft] = await tx
    .select()
    .from(suggestedOrders)
    .where(and(eq(suggestedOrders.companyId, companyId), eq(suggestedOrders.status, 'open')))
    .for('update');
  return draft ?? null;
}

export async function findOpenDraft(db: DbOrTx, companyId: string): Promise<SuggestedOrderRow | null> {
  const [draft] = await db
    .select()
    .from(suggestedOrders)
    .where(and(eq(suggestedOrders.companyId, companyId), eq(suggestedOrders.status, 'open')));
  return draft ?? null;
}

/**
 * The draft's lines replaced by a fresh run, except what a person touched: lines they edited or
 * removed, and lines already ordered, stay as they are (a fresh line for the same product yields).
 */
export async function replaceUntouchedLines(tx: Tx, draft: SuggestedOrderRow, lines: NewSuggestedLine[], at: Date): Promise<void> {
  await tx
    .delete(suggestedOrderLines)
    .where(and(eq(suggestedOrderLines.suggestedOrderId, draft.id), eq(suggestedOrderLines.edited, false), eq(suggestedOrderLines.removed, false), isNull(suggestedOrderLines.purchaseOrderId)));
  if (lines.length > 0) {
    await tx
      .insert(suggestedOrderLines)
      .values(lines.map((l) => ({ ...l, suggestedOrderId: draft.id, companyId: draft.companyId })))
      .onConflictDoNothing({ target: [suggestedOrderLines.suggestedOrderId, suggestedOrderLines.productId] });
  }
  await tx.update(suggestedOrders).set({ refreshedAt: at }).where(eq(suggestedOrders.id, draft.id));
}

/** The draft's lines (not the removed ones), with the product's current name and the order they went out on. */
export async function linesOf(db: DbOrTx, draftId: string) {
  return db
    .select({ line: suggestedOrderLines, productName: products.name, vendorName: suppliers.name, orderNumber: purchaseOrders.number })
    .from(suggestedOrderLines)
    .innerJoin(products, eq(products.id, suggestedOrderLines.productId))
    .leftJoin(suppliers, eq(suppliers.id, suggestedOrderLines.vendorId))
    .leftJoin(purchaseOrders, eq(purchaseOrders.id, suggestedOrderLines.purchaseOrderId))
    .where(and(eq(suggestedOrderLines.suggestedOrderId, draftId), eq(suggestedOrderLines.removed, false)))
    .orderBy(products.name, suggestedOrderLines.id);
}
export type SuggestedLineRow = Awaited<ReturnType<typeof linesOf>>[number];

export async function findLine(tx: DbOrTx, draftId: string, lineId: string) {
  const [line] = await tx
    .select()
    .from(suggestedOrderLines)
    .where(and(eq(suggestedOrderLines.suggestedOrderId, draftId), eq(suggestedOrderLines.id, lineId), eq(suggestedOrderLines.removed, false)));
  return line ?? null;
}

export async function updateLine(tx: DbOrTx, lineId: string, values: Partial<typeof suggestedOrderLines.$inferInsert>): Promise<void> {
  await tx.update(suggestedOrderLines).set(values).where(eq(suggestedOrderLines.id, lineId));
}

export async function markOrdered(tx: DbOrTx, lineIds: string[], purchaseOrderId: string): Promise<void> {
  if (lineIds.length === 0) return;
  await tx.update(suggestedOrderLines).set({ purchaseOrderId }).where(and(inArray(suggestedOrderLines.id, lineIds), isNull(suggestedOrderLines.purchaseOrderId)));
}

/** Closes the draft once nothing on it waits: the next run starts a new one. */
export async function closeDraftIfDone(tx: DbOrTx, draftId: string, at: Date, by: string | null): Promise<boolean> {
  const [waiting] = await rowsOf<{ n: string }>(
    tx,
    sql`select count(*) as n from suggested_order_lines
         where suggested_order_id = ${draftId}::uuid and not removed and purchase_order_id is null and problem is null and quantity > 0 and vendor_id is not null`,
  );
  if (Number(waiting?.n ?? 0) > 0) return false;
  await tx.update(suggestedOrders).set({ status: 'ordered', orderedAt: at, orderedBy: by }).where(eq(suggestedOrders.id, draftId));
  return true;
}

/** Locations with anything to plan for: a forecast, a Minimum Stock or pinned levels. */
export async function companiesToSuggest(db: DbOrTx): Promise<string[]> {
  const found = await rowsOf<{ company_id: string }>(
    db,
    sql`select distinct company_id from reorder_forecasts
        union select distinct company_id from product_company_settings where minimum_stock > 0 or pinned_reorder_point is not null`,
  );
  return found.map((r) => r.company_id);
}

/** Whether the location has anything to plan for (one of companiesToSuggest). */
export async function hasSomethingToSuggest(db: DbOrTx, companyId: string): Promise<boolean> {
  const found = await rowsOf<{ one: number }>(
    db,
    sql`select 1 as one where exists (select 1 from reorder_forecasts where company_id = ${companyId}::uuid)
           or exists (select 1 from product_company_settings where company_id = ${companyId}::uuid and (minimum_stock > 0 or pinned_reorder_point is not null))`,
  );
  return found.length > 0;
}

export type { SuggestedChoice };
