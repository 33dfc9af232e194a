import { givingLots, isUsableLot, pickFirstExpiry, PLACE_MESSAGES, TRANSFER_MESSAGES, WRITE_OFF_MESSAGES } from '@clinic/domain';
import type { Db, Tx } from '../../db/client';
import { locationDay } from '../../db/location-day';
import { AppError, badRequest } from '../../core/errors';
import type { AuditEntry } from '../audit/audit.writes';
import { claimKey, storeAnswer, type IdempotentRequest } from '../idempotency/idempotency';
import { refusalFor, StockShortage, type StockRefusal } from './allocation';
import { partOf } from './lot-part';
import { appendUsages, holdPlace, insertStocks, lockLots, lotsByIds, productNames, type LockedLot, type NewUsage } from './ledger.repo';

// Issue 34, item 3: units shipped to another location of the organization, and received there.
// Two ledger operations with the door's steps (key, locks in the fixed order, rows, alerts, audit);
// the transfer's own rows are the caller's, written in the same transaction while the lots are locked.

type AuditNote = Pick<AuditEntry, 'entity' | 'entityId' | 'action' | 'changes'>;

export interface ShipItem {
  productId: string;
  /** Whole units: a received lot is counted in whole units. */
  quantity: number;
  /** A lot the sender named; otherwise first expiry first. */
  stockId?: string | undefined;
}

/** Units that left one lot of the sender. */
export interface ShippedLot {
  productId: string;
  stockId: string;
  quantity: number;
  unitPrice: number;
}

export interface Shipment<A> {
  /** The sending location: its lots give the units, and the key is claimed there. */
  companyId: string;
  items: ShipItem[];
  note: string;
  request: IdempotentRequest;
  /** The caller's checks and locks (the transfer row), first in the transaction after the key. */
  prepare?: ((tx: Tx) => Promise<void>) | undefined;
  /** The caller's rows for what left (the transfer's lines); what it returns is the answer. */
  record: (tx: Tx, lots: ShippedLot[]) => Promise<A>;
  audit: (answer: A) => AuditNote;
}

/** What arrived of one shipped line. */
export interface ArrivingLine {
  lineId: string;
  sourceStockId: string;
  quantity: number;
}

export interface Arrival<A> {
  /** The receiving location: its new lots, and the key is claimed there. */
  companyId: string;
  request: IdempotentRequest;
  /** The place the new lots go to; left out, the location's default place. */
  placeId?: string | undefined;
  /** Locks and checks the transfer, and says what arrived of each line (0: nothing). */
  prepare: (tx: Tx) => Promise<ArrivingLine[]>;
  /** The caller's rows (the lines received, the write-offs), given each line's new lot. */
  record: (tx: Tx, lots: { lineId: string; stockId: string | null }[]) => Promise<A>;
  audit: (answer: A) => AuditNote;
}

export type Outcome<A> = { outcome: 'written' | 'replayed'; answer: A };

interface Steps {
  db: Db;
  now: () => Date;
  refresh: (tx: Tx, companyId: string, productIds: Iterable<string>) => Promise<void>;
  audit: (tx: Tx, companyId: string, note: AuditNote) => Promise<void>;
  userId: string | null;
}

/**
 * Which lots give a shipment's units: the named lot, or the usable lots first expiry first (the
 * domain's `pickFirstExpiry`). A lot that is recalled, quarantined or expired never ships, named or
 * picked (issue 50, item 3): its way out is a disposal or a return to the supplier. Whole units
 * only, so each part arrives as a lot of whole units.
 */
function pick(item: ShipItem, lots: LockedLot[], left: Map<string, number>, today: string): { lot: LockedLot; quantity: number }[] | StockRefusal {
  const whole = (lot: LockedLot) => Math.floor((left.get(lot.id) ?? 0) + 1e-9);
  const own = lots.filter((l) => l.productId === item.productId);
  if (item.stockId) {
    const lot = lots.find((l) => l.id === item.stockId)!;
    if (!isUsableLot(lot, today)) return refusalFor(own, item.quantity, today, whole, lot);
    if (item.quantity > whole(lot)) throw new AppError('CONFLICT', WRITE_OFF_MESSAGES.moreThanLeft(left.get(lot.id) ?? 0), { field: 'units', details: { stock_id: lot.id } });
    return [{ lot, quantity: item.quantity }];
  }
  const picking = pickFirstExpiry(own, item.quantity, today, whole);
  if (picking.short !== 0) return refusalFor(own, item.quantity, today, whole);
  return givingLots(picking).map(({ lot, units }) => ({ lot, quantity: units }));
}

export async function ship<A>(steps: Steps, shipment: Shipment<A>): Promise<Outcome<A>> {
  const { companyId } = shipment;
  return steps.db.transaction(async (tx) => {
    const claim = await claimKey<A>(tx, shipment.request);
    if ('replay' in claim) return { outcome: 'replayed' as const, answer: claim.replay };
    await shipment.prepare?.(tx);
    const productIds = [...new Set(shipment.items.map((i) => i.productId))];
    const named = [...new Set(shipment.items.flatMap((i) => (i.stockId ? [i.stockId] : [])))];
    // The same lock, in the same order, as every consumption: a shipment and a visit never overdraw a lot.
    const lots = await lockLots(tx, companyId, productIds, named);
    for (const item of shipment.items) {
      if (!item.stockId) continue;
      const lot = lots.find((l) => l.id === item.stockId);
      if (!lot) throw badRequest('stock_id', TRANSFER_MESSAGES.lotNotHere);
      if (lot.productId !== item.productId) throw badRequest('stock_id', TRANSFER_MESSAGES.lotOfOtherProduct);
    }
    const left = new Map(lots.map((l) => [l.id, l.unitsLeft]));
    const today = await locationDay(tx, companyId, steps.now());
    const shipped: ShippedLot[] = [];
    for (const item of shipment.items) {
      const picks = pick(item, lots, left, today);
      if (!Array.isArray(picks)) {
        const name = (await productNames(tx, [item.productId])).get(item.productId) ?? 'Product';
        throw new StockShortage(item.productId, name, picks);
      }
      for (const { lot, quantity } of picks) {
        left.set(lot.id, (left.get(lot.id) ?? 0) - quantity);
        shipped.push({ productId: item.productId, stockId: lot.id, quantity, unitPrice: lot.unitPrice });
      }
    }
    const at = steps.now();
    const usages: NewUsage[] = shipped.map((s) => ({ companyId, stockId: s.stockId, productId: s.productId, kind: 'transfer', quantity: s.quantity, unitPrice: s.unitPrice, note: shipment.note, userId: steps.userId, createdAt: at }));
    await appendUsages(tx, usages);
    const answer = await shipment.record(tx, shipped);
    await steps.refresh(tx, companyId, productIds);
    await steps.audit(tx, companyId, shipment.audit(answer));
    await storeAnswer(tx, shipment.request, answer);
    return { outcome: 'written' as const, answer };
  });
}

/**
 * Units arriving: each line that brought any becomes a new lot at the receiver, a part of the source
 * lot (lot-part.ts) linked by `transferred_from_stock_id` (which adds no purchase spend: migration 0034).
 */
export async function receive<A>(steps: Steps, arrival: Arrival<A>): Promise<Outcome<A>> {
  const { companyId } = arrival;
  return steps.db.transaction(async (tx) => {
    const claim = await claimKey<A>(tx, arrival.request);
    if ('replay' in claim) return { outcome: 'replayed' as const, answer: claim.replay };
    const lines = await arrival.prepare(tx);
    let placeId: string | undefined;
    if (arrival.placeId) {
      // Share-locked, as a move does: a retire waits and then sees the units.
      const place = await holdPlace(tx, companyId, arrival.placeId);
      if (!place) throw badRequest('place_id', PLACE_MESSAGES.notFound);
      if (place.retiredAt) throw badRequest('place_id', PLACE_MESSAGES.retired);
      placeId = place.id;
    }
    const arriving = lines.filter((l) => l.quantity > 0);
    const sources = new Map((await lotsByIds(tx, arriving.map((l) => l.sourceStockId))).map((s) => [s.id, s]));
    const at = steps.now();
    // Nothing may have arrived at all (every unit written off): no lot is made then.
    const parts = arriving.map((line) => partOf(sources.get(line.sourceStockId)!, line.quantity, { companyId, createdBy: steps.userId, createdAt: at, placeId, transferredFromStockId: line.sourceStockId }));
    const created = parts.length === 0 ? [] : await insertStocks(tx, parts);
    const made = new Map(arriving.map((line, i) => [line.lineId, created[i]!.id]));
    const answer = await arrival.record(tx, lines.map((l) => ({ lineId: l.lineId, stockId: made.get(l.lineId) ?? null })));
    await steps.refresh(tx, companyId, created.map((s) => s.productId));
    await steps.audit(tx, companyId, arrival.audit(answer));
    await storeAnswer(tx, arrival.request, answer);
    return { outcome: 'written' as const, answer };
  });
}
