import {
  pageWindow,
  roundToCents,
  roundUnitsLeft,
  roundUnitsUsed,
  stockFormIssues,
  STOCK_MESSAGES,
  toPage,
  unitPriceOf,
  PLACE_MESSAGES,
  type MoveStockRequest,
  type ConsumeStockRequest,
  type Consumption,
  type CreatedStocks,
  type CreateStockRequest,
  type LotStatusBody,
  type Stock,
  type StockListQuery,
  type StockPage,
  type StockUsage,
  type UpdateStockRequest,
  type DisposeStockRequest,
  type ReturnStockRequest,
  TRACKED_CYCLES,
  trackingReport,
  type CycleUnitPrice,
  type TrackingReport,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { canSeeOwned, currentCompanyId } from '../../core/access';
import { badRequest, invalidFields, notFound } from '../../core/errors';
import { locationDay } from '../../db/location-day';
import { idempotentRequest } from '../idempotency/idempotency';
import { type LedgerAuthor, type NewStock } from '../ledger/ledger';
import { findProductWithNames } from '../products/products.reads';
import { findSupplierById } from '../suppliers/suppliers.reads';
import { cycleFacts, findStock, findStocks, findVisibleProductName, shelfPrices, listMovesInto, listStocks, listUsages, stockTotals, type StockWithSupplier } from './stock.repo';
import { findPlace } from '../places/places.reads';

/** The ledger's scale for units: what the schema let through (at most 3 decimals) without float noise. */
const thousandths = (units: number) => Math.round(units * 1000) / 1000;

type UsageRow = Awaited<ReturnType<typeof listUsages>>[number];
type MoveRow = Awaited<ReturnType<typeof listMovesInto>>[number];

const unitsText = (quantity: number) => `${String(quantity)} ${quantity === 1 ? 'unit' : 'units'}`;

/**
 * A move as the lot's history shows it (issue 34): the units a lot was made from come in (a
 * negative quantity, as units put back are); a whole lot moved takes nothing.
 */
function moveToUsage(row: MoveRow): StockUsage {
  const whole = row.move.fromStockId === row.move.toStockId;
  return {
    id: row.move.id,
    created_at: row.move.createdAt.toISOString(),
    kind: 'move',
    unit_quantity: whole ? 0 : -row.move.quantity,
    note: whole ? `Moved ${unitsText(row.move.quantity)} from ${row.fromPlaceName} to ${row.toPlaceName}` : `${unitsText(row.move.quantity)} from ${row.fromPlaceName}`,
    user_name: row.userName,
    treatmentLogProduct: null,
    disposal_reason: null,
    credit_amount: null,
    reference: null,
  };
}

function toUsage(row: UsageRow): StockUsage {
  return {
    id: row.usage.id,
    created_at: row.usage.createdAt.toISOString(),
    kind: row.usage.kind,
    unit_quantity: row.usage.quantity,
    note: row.usage.note,
    user_name: row.userName,
    treatmentLogProduct: row.treatmentCode !== null && row.treatmentName !== null ? { treatment: { treatment_code: row.treatmentCode, name: row.treatmentName } } : null,
    disposal_reason: row.usage.disposalReason,
    credit_amount: row.usage.creditAmount,
    reference: row.usage.reference,
  };
}

export function createStockService(deps: ServiceDeps) {
  const { db } = deps;
  const today = (companyId: string) => locationDay(db, companyId, deps.now());
  const { ledger } = deps;
  const author = (actor: Actor): LedgerAuthor => ({ userId: actor.userId, organizationId: actor.organizationId });

  function toStock(found: StockWithSupplier, usages: StockUsage[], today: string): Stock {
    const { stock: row, supplierName, statusChangedByName } = found;
    const left = roundUnitsLeft(row.unitsLeft);
    return {
      id: row.id,
      product_id: row.productId,
      supplier: row.supplierId && supplierName !== null ? { id: row.supplierId, name: supplierName } : null,
      container_quantity: row.containerQuantity,
      units_per_container: row.unitsPerContainer,
      price_per_container: row.pricePerContainer,
      unit_price: row.unitPrice,
      total_units: row.totalUnits,
      units_used: roundUnitsUsed(row.unitsUsed),
      units_consumed: roundUnitsUsed(row.unitsConsumed),
      units_left: left,
      units_remaining: left,
      expiry_date: row.expiryDate,
      is_expired: row.expiryDate !== null && row.expiryDate < today,
      created_at: row.createdAt.toISOString(),
      note: row.note,
      isConsignment: row.isConsignment,
      lotNumber: row.lotNumber,
      runningListProductId: row.runningListProductId,
      has_unique_lot: row.hasUniqueLot,
      status: row.status,
      status_reason: row.statusReason,
      status_reference: row.statusReference,
      status_changed_at: row.statusChangedAt?.toISOString() ?? null,
      status_changed_by: statusChangedByName,
      stockUsages: usages,
      place: { id: row.placeId, name: found.placeName },
      moved_from_stock_id: row.movedFromStockId,
      transferred_from_stock_id: row.transferredFromStockId,
    };
  }

  /** The histories of some lots: their usage rows and the moves that brought units to them, newest first. */
  async function historiesOf(ids: string[]): Promise<Map<string, StockUsage[]>> {
    const [usages, moves] = await Promise.all([listUsages(db, ids), listMovesInto(db, ids)]);
    const byStock = new Map<string, { at: number; usage: StockUsage }[]>(ids.map((id) => [id, []]));
    for (const u of usages) byStock.get(u.usage.stockId)?.push({ at: u.usage.createdAt.getTime(), usage: toUsage(u) });
    for (const m of moves) byStock.get(m.move.toStockId)?.push({ at: m.move.createdAt.getTime(), usage: moveToUsage(m) });
    return new Map([...byStock].map(([id, entries]) => [id, entries.sort((a, b) => b.at - a.at).map((e) => e.usage)]));
  }

  /** A place of the signed-in location that takes units: 400 on the field otherwise. */
  async function placeFor(companyId: string, placeId: string | undefined, field = 'place_id'): Promise<string | undefined> {
    if (placeId === undefined) return undefined;
    const place = await findPlace(db, companyId, placeId);
    if (!place) throw badRequest(field, PLACE_MESSAGES.notFound);
    if (place.retiredAt) throw badRequest(field, PLACE_MESSAGES.retired);
    return place.id;
  }

  /** The product must be one the location sees; the admin keeps no stock (403 from currentCompanyId). */
  async function productFor(actor: Actor, productId: string, field = 'product_id') {
    const companyId = currentCompanyId(actor);
    const row = await findProductWithNames(db, { companyId }, productId);
    if (!row) throw badRequest(field, 'Product not found');
    return { companyId, product: row.product };
  }

  async function supplierFor(actor: Actor, supplierId: string): Promise<void> {
    const supplier = await findSupplierById(db, supplierId);
    if (!supplier || !canSeeOwned(actor, supplier.companyId)) throw badRequest('supplier_id', 'Supplier not found');
  }

  async function reload(companyId: string, ids: string[]): Promise<Stock[]> {
    const [found, histories, day] = await Promise.all([findStocks(db, companyId, ids), historiesOf(ids), today(companyId)]);
    return found.map((r) => toStock(r, histories.get(r.stock.id) ?? [], day));
  }

  return {
    async list(actor: Actor, query: StockListQuery): Promise<StockPage> {
      const companyId = currentCompanyId(actor);
      if (!(await findProductWithNames(db, { companyId }, query.productId))) throw notFound();
      const [{ records, total }, totals] = await Promise.all([
        listStocks(db, companyId, query.productId, pageWindow(query), query.place_id),
        stockTotals(db, companyId, query.productId, query.place_id),
      ]);
      const [histories, day] = await Promise.all([historiesOf(records.map((r) => r.stock.id)), today(companyId)]);
      const results = records.map((r) => toStock(r, histories.get(r.stock.id) ?? [], day));
      return { ...toPage(results, total, query), totals: { total_units: totals.totalUnits, units_left: totals.unitsLeft, value_left: totals.valueLeft } };
    },

    async get(actor: Actor, id: string): Promise<Stock> {
      const companyId = currentCompanyId(actor);
      const [stock] = await reload(companyId, [id]);
      if (!stock) throw notFound();
      return stock;
    },

    /**
     * One stock, or with serial lots one stock per lot (units per container 1). A lot received
     * here before from the same supplier is refused (409 DUPLICATE_RECEIPT) unless confirmed.
     */
    async create(actor: Actor, body: CreateStockRequest): Promise<CreatedStocks> {
      const { companyId, product } = await productFor(actor, body.product_id);
      await supplierFor(actor, body.supplier_id);
      const issues = stockFormIssues(body, { productType: product.type, today: await today(companyId), mode: 'add' });
      if (issues.length > 0) throw invalidFields(issues);
      const placeId = await placeFor(companyId, body.place_id);

      const common = {
        companyId,
        placeId,
        productId: product.id,
        supplierId: body.supplier_id,
        isConsignment: body.isConsignment ?? false,
        note: body.note ?? '',
        createdBy: actor.userId,
      };
      const rows: NewStock[] = body.has_unique_lot
        ? (body.unique_lots ?? []).map((lot) => ({
            ...common,
            containerQuantity: lot.quantity,
            unitsPerContainer: 1,
            pricePerContainer: body.price_per_container,
            unitPrice: unitPriceOf(body.price_per_container, 1),
            expiryDate: lot.expiryDate,
            lotNumber: lot.lotNumber,
            hasUniqueLot: true,
          }))
        : [
            {
              ...common,
              containerQuantity: body.container_quantity,
              unitsPerContainer: body.units_per_container,
              pricePerContainer: body.price_per_container,
              unitPrice: unitPriceOf(body.price_per_container, body.units_per_container),
              expiryDate: body.expiry_date ?? null,
              lotNumber: body.lotNumber ?? '',
              hasUniqueLot: false,
            },
          ];

      const created = await db.transaction((tx) =>
        ledger.receive(tx, author(actor), { companyId, stocks: rows, alreadyConsumed: body.has_unique_lot ? 0 : body.units_consumed, source: body, refuseDuplicates: body.confirm_duplicate !== true }),
      );
      return { stocks: await reload(companyId, created.map((s) => s.id)) };
    },

    /**
     * Edits a stock's receipt details and, when a count is given, records the difference as a
     * reconciliation: units consumed (the new total taken out by hand) or units remaining (what is
     * on the shelf). Treatment usage is never rewritten.
     */
    async update(actor: Actor, id: string, body: UpdateStockRequest): Promise<Stock> {
      const companyId = currentCompanyId(actor);
      const existing = await findStock(db, companyId, id);
      if (!existing) throw notFound();
      if (body.supplier_id) await supplierFor(actor, body.supplier_id);
      const { product } = await productFor(actor, existing.stock.productId);
      const day = await today(companyId);

      await ledger.amend(author(actor), companyId, id, (current) => {
        if (current.hasUniqueLot && body.units_per_container !== undefined && body.units_per_container !== 1) {
          throw badRequest('units_per_container', STOCK_MESSAGES.consumableUnitsPerContainer);
        }
        const merged = {
          container_quantity: body.container_quantity ?? current.containerQuantity,
          units_per_container: body.units_per_container ?? current.unitsPerContainer,
          price_per_container: body.price_per_container ?? current.pricePerContainer,
          expiry_date: body.expiry_date === undefined ? current.expiryDate : body.expiry_date,
          units_consumed: body.units_consumed,
          units_remaining: body.units_remaining,
        };
        const issues = stockFormIssues(merged, {
          productType: current.hasUniqueLot ? 'disposable' : product.type,
          today: day,
          mode: 'edit',
          current: {
            unitsUsed: current.unitsUsed,
            unitsConsumed: current.unitsConsumed,
            unitsRemoved: current.unitsRemoved,
            expiryDate: current.expiryDate,
          },
        });
        if (issues.length > 0) throw invalidFields(issues);

        const total = merged.container_quantity * merged.units_per_container;
        const unitPrice = unitPriceOf(merged.price_per_container, merged.units_per_container);
        const leftAfterResize = total - current.unitsUsed - current.unitsConsumed - current.unitsRemoved;
        const consumedGiven = merged.units_consumed !== undefined && merged.units_consumed !== null;
        let delta = 0;
        if (consumedGiven) delta = merged.units_consumed! - current.unitsConsumed;
        else if (merged.units_remaining !== undefined && merged.units_remaining !== null) delta = leftAfterResize - merged.units_remaining;
        return {
          values: {
            supplierId: body.supplier_id,
            containerQuantity: body.container_quantity,
            unitsPerContainer: body.units_per_container,
            pricePerContainer: body.price_per_container,
            unitPrice,
            expiryDate: body.expiry_date,
            lotNumber: body.lotNumber,
            isConsignment: body.isConsignment,
            note: body.note,
          },
          reconciliation: delta === 0 ? null : { quantity: delta, unitPrice, note: consumedGiven ? 'Units consumed corrected' : 'Recount' },
          changes: body,
        };
      });
      return this.get(actor, id);
    },

    /** Recall, quarantine or release a lot (issue 20); the answer is the lot as the stock grid shows it. */
    async setStatus(actor: Actor, id: string, body: LotStatusBody): Promise<Stock> {
      const companyId = currentCompanyId(actor);
      await ledger.setStatus(author(actor), companyId, id, { status: body.status, reason: body.reason ?? '', reference: body.reference ?? '', wholeLotNumber: body.whole_lot_number ?? false });
      return this.get(actor, id);
    },

    /** Takes out only the units still on the shelf; what was used or consumed stays in the history. */
    async remove(actor: Actor, id: string): Promise<void> {
      const companyId = currentCompanyId(actor);
      await ledger.remove(author(actor), companyId, id);
    },

    /**
     * Units of a lot moved to another place of the location (issue 34); the answer is the lot they
     * went to: the lot itself when all of it moved, else the new lot made of them.
     */
    async move(actor: Actor, id: string, body: MoveStockRequest): Promise<Stock> {
      const companyId = currentCompanyId(actor);
      const { stockId } = await ledger.move(author(actor), {
        companyId,
        stockId: id,
        quantity: thousandths(body.units),
        placeId: body.place_id,
        request: idempotentRequest(companyId, 'stock.move', `POST /stock/${id}/move`, body),
      });
      return this.get(actor, stockId);
    },

    /**
     * Units written off one lot (issue 20). A replay of the same request writes nothing again and
     * answers the lot as it is now.
     */
    async dispose(actor: Actor, id: string, body: DisposeStockRequest): Promise<Stock> {
      const companyId = currentCompanyId(actor);
      const { idempotency_key: _key, ...changes } = body;
      await ledger.dispose(author(actor), {
        companyId,
        stockId: id,
        quantity: thousandths(body.units),
        reason: body.reason,
        note: body.note ?? '',
        request: idempotentRequest(companyId, 'stock.dispose', `POST /stock/${id}/dispose`, body),
        changes,
      });
      return this.get(actor, id);
    },

    /** Units sent back to the supplier from one lot, with the credit and the supplier's reference. */
    async returnToSupplier(actor: Actor, id: string, body: ReturnStockRequest): Promise<Stock> {
      const companyId = currentCompanyId(actor);
      const { idempotency_key: _key, ...changes } = body;
      await ledger.returnToSupplier(author(actor), {
        companyId,
        stockId: id,
        quantity: thousandths(body.units),
        creditAmount: roundToCents(body.credit_amount),
        reference: body.supplier_reference ?? '',
        note: body.note ?? '',
        request: idempotentRequest(companyId, 'stock.return', `POST /stock/${id}/return`, body),
        changes,
      });
      return this.get(actor, id);
    },

    /** Track Product Consumption: the latest cycles and their trends (docs/decisions.md). */
    async tracking(actor: Actor, productId: string): Promise<TrackingReport> {
      const companyId = currentCompanyId(actor);
      if (!(await findProductWithNames(db, { companyId }, productId))) throw notFound();
      const [rows, prices] = await Promise.all([cycleFacts(db, companyId, productId, TRACKED_CYCLES), shelfPrices(db, companyId, productId, await today(companyId))]);
      const cycles = rows.reverse().map((r) => ({ date: r.createdAt.toISOString(), unitPrice: r.unitPrice, uses: r.uses, unitsUsed: r.unitsUsed }));
      return trackingReport(cycles, rows[0]?.total ?? 0, prices.next);
    },

    async cycleUnitPrice(actor: Actor, productId: string, withLastTracker: boolean): Promise<CycleUnitPrice> {
      const companyId = currentCompanyId(actor);
      if (!(await findProductWithNames(db, { companyId }, productId))) throw notFound();
      const [rows, prices] = await Promise.all([cycleFacts(db, companyId, productId, 1), shelfPrices(db, companyId, productId, await today(companyId))]);
      const last = rows[0];
      return {
        unit_price: prices.next,
        average_unit_price: prices.average,
        cycle: last?.total ?? 0,
        last_tracker: withLastTracker && last ? { date: last.createdAt.toISOString(), count: last.uses, unit_price: last.unitPrice } : null,
      };
    },

    /**
     * Manual consumption: first-expiry-first unless a lot is named; a replayed key counts once.
     * The lots stay locked from the plan to the commit, so everything that need not wait for them
     * (the product lookup, the audit row) happens before, and the writes after take one statement.
     */
    async consume(actor: Actor, body: ConsumeStockRequest): Promise<Consumption> {
      const companyId = currentCompanyId(actor);
      const product = await findVisibleProductName(db, companyId, body.product_id);
      if (!product) throw badRequest('product_id', 'Product not found');
      return ledger.takeNow<Consumption>(author(actor), {
        companyId,
        items: [{ productId: product.id, productName: product.name, quantity: body.quantity, stockId: body.stock_id }],
        kind: 'manual',
        note: body.note ?? '',
        at: deps.now(),
        request: idempotentRequest(companyId, 'stock.consume', 'POST /stock/consume', body),
        record: async ([result]) => result!,
        audit: { entity: 'stock_consumption', entityId: product.id, action: 'consume', changes: body },
      });
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;
