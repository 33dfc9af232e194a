import { LOT_STATUS_LABELS, LOT_STATUS_MESSAGES, PLACE_MESSAGES, STOCK_MESSAGES, WRITE_OFF_MESSAGES, moveIssue, roundToCents, type Consumption, type DisposalReason, type LotStatus } from '@clinic/domain';
import type { Db, Tx } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../core/errors';
import { recordAudit, type AuditEntry } from '../audit/audit.writes';
import { type AlertRules, alertRulesNow, refreshAlerts, refreshProductAlerts } from '../alerts/alerts.writes';
import { claimKey, storeAnswer, type IdempotentRequest } from '../idempotency/idempotency';
import { planConsumption, type ConsumeItem } from './allocation';
import { createKeyedQueue } from './lot-queue';
import { refuseDuplicateReceipts } from './duplicate-receipts';
import { partOf } from './lot-part';
import { receive as receiveShipment, ship as shipUnits, type Arrival, type Outcome, type Shipment } from './transfer-ops';
import { activeHoldsOf, addToHold, holdArrivalsOf, insertHold, liveLot, lotsOfHolds, lotsReached, refreshLotStatus, releaseHolds, type HeldLot } from './lot-holds.repo';
import { appendUsages, appendUsagesWithAnswer, holdPlace, insertMove, insertStocks, lockLots, lockStock, lockStocksOf, updateStock, type NewStock, type NewUsage, type StockRow } from './ledger.repo';

export { StockShortage, costOf, fromMilli, toMilli, type ConsumeItem } from './allocation';
export type { NewStock, StockRow } from './ledger.repo';
export { planLots, type LotPlan, type ProposedItem } from './lot-proposal';
export type { Arrival, ArrivingLine, Shipment, ShipItem, ShippedLot } from './transfer-ops';

/**
 * The one door for stock (docs/architecture.md, The ledger). Every way units arrive, leave or come
 * back goes through an operation here, and each does the same steps in the same order: claim the
 * idempotency key, lock the lots in the fixed order, write the ledger rows (a trigger moves the
 * lots' counters and their CHECKs refuse an overdraw), refresh the alerts of the products moved and
 * write the audit row. Operations that take a `tx` run inside the caller's transaction, so a visit
 * and its stock commit together; the others open their own.
 */

export interface LedgerDeps {
  db: Db;
  now: () => Date;
  /** Lots expiring within this many days raise an "expiring" alert. */
  alertExpiryWindowDays: number;
}

/** Who a change is recorded for in the audit log: the signed-in user, or the user an import or the seed acts for. */
export interface LedgerAuthor {
  userId: string | null;
  organizationId: string | null;
}

type AuditNote = Pick<AuditEntry, 'entity' | 'entityId' | 'action' | 'changes'>;

export interface Receipt {
  companyId: string;
  stocks: NewStock[];
  /** Units already gone from the first lot when it is entered (Add Stock's "units consumed"). */
  alreadyConsumed?: number | null | undefined;
  /** What each lot's audit row records as its source: the form, the order's receipt, the import. */
  source: Record<string, unknown>;
  /**
   * A person receiving: a lot already on the books here (same product, lot, expiry and supplier)
   * is refused with 409 DUPLICATE_RECEIPT unless they confirmed it. Imports and the demo's
   * history leave it out.
   */
  refuseDuplicates?: boolean;
}

export interface Taking<A> {
  companyId: string;
  items: ConsumeItem[];
  kind: 'treatment' | 'manual';
  note: string;
  /** When the units leave; lots expiring before its day count as expired. */
  at: Date;
  /** A request retried with the same key is not done twice: its first answer comes back. */
  request?: IdempotentRequest | undefined;
  /** The caller's own rows, written while the lots are locked from what was taken; what it returns is the answer. */
  record?: (results: Consumption[]) => Promise<A>;
  /** The audit row: a fixed one is written before the lots are locked (they stay locked for less), one built from the answer after. */
  audit: AuditNote | ((answer: A) => AuditNote);
}

/** Units going back to the lot they were taken from, at the price they were taken at. */
export interface GiveBack {
  stockId: string;
  productId: string;
  /** Positive: how many come back. */
  quantity: number;
  unitPrice: number;
  treatmentLogProductId: string | null;
  /** A lot deleted since keeps them removed, so they never reappear on the shelf. */
  lotDeleted: boolean;
}

export interface Revision {
  companyId: string;
  giveBack: GiveBack[];
  take: ConsumeItem[];
  kind: 'treatment';
  /** The note of the units taken, and of the units given back. */
  note: string;
  giveBackNote: string;
  at: Date;
}

/** A lot's receipt details changed, and what a recount or a corrected consumption makes of its units. */
export interface Amendment {
  values: Partial<Pick<StockRow, 'supplierId' | 'containerQuantity' | 'unitsPerContainer' | 'pricePerContainer' | 'unitPrice' | 'expiryDate' | 'lotNumber' | 'isConsignment' | 'note'>>;
  /** Units taken out (positive) or put back (negative) by the correction, at `unitPrice`. */
  reconciliation: { quantity: number; unitPrice: number; note: string } | null;
  changes: Record<string, unknown>;
}

/** Units leaving one named lot for good, by hand: written off, or sent back to the supplier. */
interface WriteOff {
  companyId: string;
  stockId: string;
  /** Positive, at most three decimals, at most what the lot has left. */
  quantity: number;
  note: string;
  /** A retry with the same key writes nothing again; the caller answers the lot as it is. */
  request: IdempotentRequest;
  /** The request as the audit row records it. */
  changes: Record<string, unknown>;
}

export interface Disposal extends WriteOff {
  reason: DisposalReason;
}

export interface SupplierReturn extends WriteOff {
  /** Dollars the supplier credits, to the cent. */
  creditAmount: number;
  /** The supplier's RMA or credit note; empty when there is none. */
  reference: string;
}

/** Units of one lot going to another storage place of its location (issue 34). */
export interface Move {
  companyId: string;
  stockId: string;
  /** Positive, at most what the lot has left; whole units unless it is all of them. */
  quantity: number;
  placeId: string;
  request: IdempotentRequest;
}

/**
 * A cycle count approved (issue 34): each counted lot's difference (shelf minus books at the moment
 * it was counted) and the lots found on the shelf but not on the books. Runs in the caller's
 * transaction, which holds the count row locked, so a count is settled once.
 */
export interface CountSettlement {
  companyId: string;
  countId: string;
  differences: { lineId: string; stockId: string; variance: number; counted: number; expected: number }[];
  found: { lineId: string; productId: string; lotNumber: string; expiryDate: string | null; unitPrice: number; units: number; placeId: string | null }[];
}

/** What a settlement wrote: units put on the ledger per line (shelf minus books), and the lots found. */
export interface CountSettled {
  adjusted: Map<string, number>;
  foundStocks: Map<string, string>;
}

/** Whether a write-off wrote its row now, or was a replay of one written before. */
export type WriteOffOutcome = 'written' | 'replayed';
/** A lot recalled, quarantined or released back to available, with why and the notice it follows. */
export interface StatusChange {
  status: LotStatus;
  reason: string;
  reference: string;
  /** A quarantine of every lot of this number in the organization (a recall always is). */
  wholeLotNumber: boolean;
}

const STATUS_ACTIONS: Record<LotStatus, string> = { recalled: 'recall', quarantined: 'quarantine', available: 'release' };

export function createLedger(deps: LedgerDeps) {
  const { db } = deps;
  const rules = (): AlertRules => alertRulesNow(deps);
  const inTurn = createKeyedQueue();

  const audit = (tx: Tx, author: LedgerAuthor, companyId: string, note: AuditNote) =>
    recordAudit(tx, author.userId === null ? null : { userId: author.userId }, { ...note, organizationId: author.organizationId, companyId });

  async function refresh(tx: Tx, companyId: string, productIds: Iterable<string>): Promise<void> {
    const ids = [...new Set(productIds)];
    if (ids.length > 0) await refreshAlerts(tx, { companyId, productIds: ids }, rules());
  }

  /** The steps of a taking up to its answer; alerts are the caller's (now, or after the commit). */
  async function takeUnits<A>(tx: Tx, author: LedgerAuthor, taking: Taking<A>): Promise<A> {
    if (taking.request) {
      const claim = await claimKey<A>(tx, taking.request);
      if ('replay' in claim) return claim.replay;
    }
    // Rolled back with the rest when the stock is short, as if it had been written last.
    if (typeof taking.audit !== 'function') await audit(tx, author, taking.companyId, taking.audit);
    const { usages, results } = await planConsumption(tx, taking.items, { companyId: taking.companyId, userId: author.userId, kind: taking.kind, note: taking.note, at: taking.at });
    const answer = taking.record ? await taking.record(results) : (results as A);
    if (taking.request && usages.length > 0) {
      const { fingerprint: _fingerprint, ...key } = taking.request;
      await appendUsagesWithAnswer(tx, usages, key, answer);
    } else {
      await appendUsages(tx, usages);
      if (taking.request) await storeAnswer(tx, taking.request, answer);
    }
    if (typeof taking.audit === 'function') await audit(tx, author, taking.companyId, taking.audit(answer));
    return answer;
  }

  /**
   * A disposal or a return: the same steps as every operation (key, lock, row, alerts, audit), on
   * one lot named by the caller. Recalled and quarantined lots may leave this way (that is what
   * they are held for); more than the lot has left is refused with 409 and nothing is written.
   */
  async function writeOff(author: LedgerAuthor, off: WriteOff, row: Pick<NewUsage, 'kind' | 'disposalReason' | 'creditAmount' | 'reference'>, action: string): Promise<WriteOffOutcome> {
    const { companyId, stockId } = off;
    return db.transaction(async (tx) => {
      const claim = await claimKey<{ stock_id: string }>(tx, off.request);
      if ('replay' in claim) return 'replayed';
      const lot = await lockStock(tx, companyId, stockId);
      if (!lot) throw notFound();
      if (lot.unitsLeft <= 0) throw conflict(STOCK_MESSAGES.noUnitsLeft);
      if (off.quantity > lot.unitsLeft) throw new AppError('CONFLICT', WRITE_OFF_MESSAGES.moreThanLeft(lot.unitsLeft), { field: 'units' });
      await appendUsages(tx, [{ companyId, stockId, productId: lot.productId, quantity: off.quantity, unitPrice: lot.unitPrice, note: off.note, userId: author.userId, createdAt: deps.now(), ...row }]);
      await refresh(tx, companyId, [lot.productId]);
      await audit(tx, author, companyId, { entity: 'stock', entityId: stockId, action, changes: off.changes });
      await storeAnswer(tx, off.request, { stock_id: stockId });
      return 'written';
    });
  }

  /** One audit row per lot whose status changed, at the lot's own location. */
  async function auditStatusChanges(tx: Tx, author: LedgerAuthor, changed: { lot: HeldLot; status: LotStatus }[], change: Omit<StatusChange, 'wholeLotNumber'>, origin: StockRow): Promise<void> {
    for (const { lot, status } of changed) {
      await audit(tx, author, lot.companyId, {
        entity: 'stock',
        entityId: lot.id,
        action: STATUS_ACTIONS[status],
        changes: { from: lot.status, status, reason: change.reason, reference: change.reference, lotNumber: lot.lotNumber, ...(lot.id === origin.id ? {} : { by_lot: origin.id }) },
      });
    }
  }

  async function holdLot(tx: Tx, author: LedgerAuthor, companyId: string, lot: StockRow, change: StatusChange): Promise<void> {
    const hold = change.status as Exclude<LotStatus, 'available'>;
    const whole = hold === 'recalled' || change.wholeLotNumber;
    // What the hold reaches now is locked in the consumption's order; then arrivals of the product
    // wait for this hold, and what arrived meanwhile is read (and locked) again.
    await lotsReached(tx, lot.id, whole, true);
    await holdArrivalsOf(tx, lot.productId);
    const reached = await lotsReached(tx, lot.id, whole, true);
    if (hold === 'quarantined' && reached.find((l) => l.id === lot.id)?.status === 'recalled') throw conflict(LOT_STATUS_MESSAGES.stoppedByRecall);
    if (reached.every((l) => l.status === hold)) throw conflict(LOT_STATUS_MESSAGES.sameStatus(LOT_STATUS_LABELS[hold]));
    const holdId = await insertHold(tx, {
      companyId,
      stockId: lot.id,
      productId: lot.productId,
      lotNumber: lot.lotNumber,
      status: hold,
      wholeLotNumber: whole,
      reason: change.reason,
      reference: change.reference,
      createdBy: author.userId,
      createdAt: deps.now(),
    });
    await addToHold(tx, holdId, reached.map((l) => l.id));
    await auditStatusChanges(tx, author, await refreshLotStatus(tx, reached, null, deps.now()), change, lot);
  }

  /** Releases the holds this location set on the lot: every lot they stopped is stopped by them no more. */
  async function releaseLot(tx: Tx, author: LedgerAuthor, companyId: string, lot: StockRow): Promise<void> {
    const holds = await activeHoldsOf(tx, lot.id);
    const here = holds.filter((h) => h.companyId === companyId).map((h) => h.id);
    const elsewhere = holds.find((h) => h.companyId !== companyId);
    if (here.length === 0 && elsewhere) throw conflict(LOT_STATUS_MESSAGES.releasedWhereSet(LOT_STATUS_LABELS[elsewhere.status], elsewhere.locationName));
    const locked = await lotsOfHolds(tx, here);
    if ((locked.find((l) => l.id === lot.id)?.status ?? lot.status) === 'available') throw conflict(LOT_STATUS_MESSAGES.sameStatus(LOT_STATUS_LABELS.available));
    await holdArrivalsOf(tx, lot.productId);
    await releaseHolds(tx, here, author.userId, deps.now(), '');
    const lots = await lotsOfHolds(tx, here);
    // A lot stopped before holds were kept has none: it is released by itself.
    const all = lots.some((l) => l.id === lot.id) ? lots : [{ id: lot.id, companyId, locationName: '', productId: lot.productId, lotNumber: lot.lotNumber, status: lot.status }, ...lots];
    await auditStatusChanges(tx, author, await refreshLotStatus(tx, all, author.userId, deps.now()), { status: 'available', reason: '', reference: '' }, lot);
  }

  const stepsFor = (author: LedgerAuthor) => ({ db, now: deps.now, refresh, userId: author.userId, audit: (tx: Tx, companyId: string, note: AuditNote) => audit(tx, author, companyId, note) });

  return {
    /**
     * Units shipped to another location of the organization (issue 34, item 3): 'transfer' usage
     * rows take them off the sender's lots (named, or first expiry first; recalled, quarantined and
     * expired lots never picked, a named recalled or quarantined lot refused), locked like every
     * taking so a shipment and a consumption never overdraw a lot. They are in transit on the
     * caller's transfer lines until received.
     */
    ship: <A>(author: LedgerAuthor, shipment: Shipment<A>): Promise<Outcome<A>> => shipUnits(stepsFor(author), shipment),

    /** Units of a transfer arriving: new lots at the receiver, linked to the lots they left. */
    receiveTransfer: <A>(author: LedgerAuthor, arrival: Arrival<A>): Promise<Outcome<A>> => receiveShipment(stepsFor(author), arrival),

    /** Units written off a lot (expired, damaged, recalled, other): waste in the reports, at the lot's unit price. */
    dispose: (author: LedgerAuthor, disposal: Disposal): Promise<WriteOffOutcome> =>
      writeOff(author, disposal, { kind: 'disposal', disposalReason: disposal.reason, creditAmount: null, reference: null }, 'dispose'),

    /** Units sent back to the supplier, with the credit they bring and the supplier's reference. */
    returnToSupplier: (author: LedgerAuthor, back: SupplierReturn): Promise<WriteOffOutcome> =>
      writeOff(author, back, { kind: 'return', disposalReason: null, creditAmount: back.creditAmount, reference: back.reference }, 'return'),

    /**
     * Units of a lot moved to another place of the location: no value changes and nothing is used.
     * All of a lot moves by changing its place. A part splits it: a 'move' usage row takes the units
     * off the lot (as removed units, never usage, waste or spend) and a new lot at the target holds
     * them, with the same product, lot number, expiry, supplier, unit price, consignment and status,
     * linked to the lot it came from (and adding no spend: migration 0032). Either way a stock_moves
     * row keeps the movement for both lots' histories. The lot is locked like every other change,
     * so a move and a consumption of the same lot never overdraw it.
     */
    async move(author: LedgerAuthor, move: Move): Promise<{ outcome: WriteOffOutcome; stockId: string }> {
      const { companyId, stockId, quantity } = move;
      return db.transaction(async (tx) => {
        const claim = await claimKey<{ stock_id: string }>(tx, move.request);
        if ('replay' in claim) return { outcome: 'replayed' as const, stockId: claim.replay.stock_id };
        const lot = await lockStock(tx, companyId, stockId);
        if (!lot) throw notFound();
        const target = await holdPlace(tx, companyId, move.placeId);
        if (!target) throw badRequest('place_id', PLACE_MESSAGES.notFound);
        if (target.retiredAt) throw badRequest('place_id', PLACE_MESSAGES.retired);
        if (target.id === lot.placeId) throw badRequest('place_id', PLACE_MESSAGES.samePlace);
        if (lot.unitsLeft <= 0) throw conflict(STOCK_MESSAGES.noUnitsLeft);
        const issue = moveIssue(quantity, lot.unitsLeft);
        if (issue !== null) throw new AppError(quantity > lot.unitsLeft ? 'CONFLICT' : 'BAD_REQUEST', issue, { field: 'units' });
        const source = await holdPlace(tx, companyId, lot.placeId);
        const at = deps.now();
        const units = `${String(quantity)} ${quantity === 1 ? 'unit' : 'units'}`;
        let movedTo = stockId;
        if (Math.abs(quantity - lot.unitsLeft) < 1e-9) {
          await updateStock(tx, stockId, { placeId: target.id });
        } else {
          const [created] = await insertStocks(tx, [partOf(lot, quantity, { companyId, createdBy: author.userId, createdAt: at, placeId: target.id, movedFromStockId: stockId })]);
          movedTo = created!.id;
          await appendUsages(tx, [{ companyId, stockId, productId: lot.productId, kind: 'move', quantity, unitPrice: lot.unitPrice, note: `Moved ${units} to ${target.name}`, userId: author.userId, createdAt: at }]);
        }
        await insertMove(tx, { companyId, productId: lot.productId, fromStockId: stockId, toStockId: movedTo, fromPlaceId: lot.placeId, toPlaceId: target.id, quantity, userId: author.userId, createdAt: at });
        await refresh(tx, companyId, [lot.productId]);
        await audit(tx, author, companyId, {
          entity: 'stock',
          entityId: stockId,
          action: 'move',
          changes: { units: quantity, from: source?.name ?? null, to: target.name, lotNumber: lot.lotNumber, ...(movedTo === stockId ? {} : { new_stock_id: movedTo }) },
        });
        await storeAnswer(tx, move.request, { stock_id: movedTo });
        return { outcome: 'written' as const, stockId: movedTo };
      });
    },

    /**
     * A count's differences put on the books, as 'count' rows on each lot (a shortage leaves, a
     * surplus comes back), and each lot found on the shelf received as a new lot that points at
     * the count (it adds no spend: migration 0033). The lots are locked in the fixed order. A lot
     * used at the chair since it was counted holds fewer units now: the shortage taken is capped
     * at what it still holds, never more. A lot deleted since is left alone.
     */
    async settleCount(tx: Tx, author: LedgerAuthor, settlement: CountSettlement): Promise<CountSettled> {
      const { companyId } = settlement;
      const at = deps.now();
      const wanted = settlement.differences.filter((d) => d.variance !== 0);
      const locked = new Map((await lockStocksOf(tx, companyId, wanted.map((d) => d.stockId))).map((l) => [l.id, l]));
      const adjusted = new Map<string, number>();
      const usages: NewUsage[] = [];
      const notes: AuditNote[] = [];
      for (const line of settlement.differences) {
        const lot = locked.get(line.stockId);
        if (line.variance === 0 || !lot) {
          adjusted.set(line.lineId, 0);
          continue;
        }
        // Positive quantity leaves the lot; a shortage never takes more than the lot holds now.
        const leaving = line.variance < 0 ? Math.min(-line.variance, lot.unitsLeft) : -line.variance;
        adjusted.set(line.lineId, -leaving);
        if (leaving === 0) continue;
        usages.push({ companyId, stockId: lot.id, productId: lot.productId, kind: 'count', quantity: leaving, unitPrice: lot.unitPrice, note: `Count: ${String(line.counted)} on the shelf, ${String(line.expected)} on the books`, userId: author.userId, createdAt: at });
        notes.push({ entity: 'stock', entityId: lot.id, action: 'count', changes: { count_id: settlement.countId, counted: line.counted, expected: line.expected, adjusted: -leaving, lotNumber: lot.lotNumber } });
      }
      await appendUsages(tx, usages);
      const foundStocks = new Map<string, string>();
      for (const found of settlement.found) {
        const [lot] = await insertStocks(tx, [
          {
            companyId,
            productId: found.productId,
            supplierId: null,
            containerQuantity: found.units,
            unitsPerContainer: 1,
            pricePerContainer: roundToCents(found.unitPrice),
            unitPrice: found.unitPrice,
            expiryDate: found.expiryDate,
            lotNumber: found.lotNumber,
            note: 'Found in a count',
            createdBy: author.userId,
            createdAt: at,
            placeId: found.placeId ?? undefined,
            foundInCountId: settlement.countId,
          },
        ]);
        foundStocks.set(found.lineId, lot!.id);
        notes.push({ entity: 'stock', entityId: lot!.id, action: 'found', changes: { count_id: settlement.countId, units: found.units, lotNumber: found.lotNumber, reason: 'found' } });
      }
      const products = [...usages.map((u) => u.productId), ...settlement.found.map((f) => f.productId)];
      await refresh(tx, companyId, products);
      for (const note of notes) await audit(tx, author, companyId, note);
      return { adjusted, foundStocks };
    },

    /** Lots arriving: Add Stock, a purchase order received, an import, the demo's history. */
    async receive(tx: Tx, author: LedgerAuthor, receipt: Receipt): Promise<StockRow[]> {
      if (receipt.stocks.length === 0) return [];
      // Named places are share-locked as a move's target is: a place retired meanwhile is refused
      // here, and a retirement waits for these units and then sees them (places.service.ts).
      for (const placeId of [...new Set(receipt.stocks.flatMap((s) => (s.placeId ? [s.placeId] : [])))].sort()) {
        const place = await holdPlace(tx, receipt.companyId, placeId);
        if (!place) throw badRequest('place_id', PLACE_MESSAGES.notFound);
        if (place.retiredAt) throw badRequest('place_id', PLACE_MESSAGES.retired);
      }
      if (receipt.refuseDuplicates) await refuseDuplicateReceipts(tx, receipt.companyId, receipt.stocks);
      const inserted = await insertStocks(tx, receipt.stocks);
      const first = inserted[0]!;
      if (receipt.alreadyConsumed && receipt.alreadyConsumed > 0) {
        await appendUsages(tx, [
          { companyId: receipt.companyId, stockId: first.id, productId: first.productId, kind: 'reconciliation', quantity: receipt.alreadyConsumed, unitPrice: first.unitPrice, note: 'Already consumed when entered', userId: author.userId },
        ]);
      }
      for (const stock of inserted) await audit(tx, author, receipt.companyId, { entity: 'stock', entityId: stock.id, action: 'create', changes: receipt.source });
      await refresh(tx, receipt.companyId, inserted.map((s) => s.productId));
      return inserted;
    },

    /**
     * Units leaving inside the caller's transaction (a visit at the chair, the demo's history):
     * first expiry first unless a lot is named; any shortage throws and nothing is written.
     */
    async take<A = Consumption[]>(tx: Tx, author: LedgerAuthor, taking: Taking<A>): Promise<A> {
      const answer = await takeUnits(tx, author, taking);
      await refresh(tx, taking.companyId, taking.items.map((i) => i.productId));
      return answer;
    },

    /**
     * A manual consumption, in a transaction of its own. A product's consumptions take turns in
     * this process; the lots stay locked from the plan to the commit, so the alerts are refreshed
     * after it (docs/decisions.md, Consumption under load). The answer still waits for them, so an
     * alert the consumption raises is there when the client looks; should the refresh fail after
     * the commit, the client's retry with the same key replays the answer and refreshes again, and
     * the 15-minute scan would catch it too.
     */
    async takeNow<A>(author: LedgerAuthor, taking: Taking<A>): Promise<A> {
      const productIds = [...new Set(taking.items.map((i) => i.productId))];
      const answer = await inTurn(`${taking.companyId}/${productIds.join(',')}`, () => db.transaction((tx) => takeUnits(tx, author, taking)));
      for (const productId of productIds) await refreshProductAlerts(db, taking.companyId, productId, rules());
      return answer;
    },

    /**
     * A visit edited: units go back to the lots they came from and the difference is taken anew,
     * every lot involved locked in one statement and order first. A shortage throws and nothing
     * moves. Returns the products whose stock moved.
     */
    async revise(tx: Tx, author: LedgerAuthor, revision: Revision, note: AuditNote): Promise<string[]> {
      const { companyId } = revision;
      if (revision.take.length > 0 || revision.giveBack.length > 0) {
        await lockLots(tx, companyId, [...new Set(revision.take.map((t) => t.productId))], [...new Set(revision.giveBack.map((g) => g.stockId))]);
      }
      await appendUsages(tx, revision.giveBack.flatMap((back) => giveBackRows(revision, author, back)));
      const plan = await planConsumption(tx, revision.take, { companyId, userId: author.userId, kind: revision.kind, note: revision.note, at: revision.at });
      await appendUsages(tx, plan.usages);
      const moved = [...new Set([...revision.take, ...revision.giveBack].map((i) => i.productId))];
      await refresh(tx, companyId, moved);
      await audit(tx, author, companyId, note);
      return moved;
    },

    /**
     * A lot's details corrected, with a recount or a corrected consumption as a reconciliation.
     * `decide` sees the locked lot and throws when the change is not allowed. Units come back
     * before the lot is resized and leave after, so the CHECKs never see a dip.
     */
    async amend(author: LedgerAuthor, companyId: string, stockId: string, decide: (lot: StockRow) => Amendment): Promise<void> {
      await db.transaction(async (tx) => {
        const lot = await lockStock(tx, companyId, stockId);
        if (!lot) throw notFound();
        if (lot.unitsLeft <= 0) throw conflict(STOCK_MESSAGES.noUnitsLeft);
        const amendment = decide(lot);
        const correction = amendment.reconciliation;
        const row = (quantity: number): NewUsage => ({ companyId, stockId, productId: lot.productId, kind: 'reconciliation', quantity, unitPrice: correction!.unitPrice, note: correction!.note, userId: author.userId });
        if (correction && correction.quantity < 0) await appendUsages(tx, [row(correction.quantity)]);
        await updateStock(tx, stockId, amendment.values);
        if (correction && correction.quantity > 0) await appendUsages(tx, [row(correction.quantity)]);
        await audit(tx, author, companyId, { entity: 'stock', entityId: stockId, action: 'update', changes: amendment.changes });
        await refresh(tx, companyId, [lot.productId]);
      });
    },

    /**
     * A lot recalled, quarantined or released (issue 50, item 1). No units move: consumption skips a
     * stopped lot and refuses it when named (allocation.ts), under the same lot lock. A recall names
     * a product and its lot number, so it stops every lot of that number in the organization, however
     * the units arrived; a quarantine stops the lot and every unit moved from it, or the whole number
     * when asked. Lots arriving later join the holds they fall under (migration 0043). The alerts are
     * refreshed at every location of the organization. Setting the status every reached lot already
     * has is refused with 409, as is quarantining a recalled lot (the recall already stops it).
     */
    setStatus: (author: LedgerAuthor, companyId: string, stockId: string, change: StatusChange): Promise<void> =>
      db.transaction(async (tx) => {
        const lot = await liveLot(tx, companyId, stockId);
        if (!lot) throw notFound();
        if (change.status === 'available') await releaseLot(tx, author, companyId, lot);
        else await holdLot(tx, author, companyId, lot, change);
        await refreshAlerts(tx, { organizationOf: companyId, productIds: [lot.productId] }, rules());
      }),
    /** A lot deleted: only the units still on the shelf leave; what was used stays in the history. */
    async remove(author: LedgerAuthor, companyId: string, stockId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const lot = await lockStock(tx, companyId, stockId);
        if (!lot) throw notFound();
        const left = lot.unitsLeft;
        if (left <= 0) throw conflict(STOCK_MESSAGES.noUnitsLeft);
        await appendUsages(tx, [{ companyId, stockId, productId: lot.productId, kind: 'removal', quantity: left, unitPrice: lot.unitPrice, note: 'Stock deleted', userId: author.userId }]);
        await updateStock(tx, stockId, { deletedAt: deps.now() });
        await audit(tx, author, companyId, { entity: 'stock', entityId: stockId, action: 'delete', changes: { units_removed: left } });
        await refresh(tx, companyId, [lot.productId]);
      });
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;

/** The rows of units coming back: a negative taking, and a removal again when the lot was deleted since. */
function giveBackRows(revision: Revision, author: LedgerAuthor, back: GiveBack): NewUsage[] {
  const common = { companyId: revision.companyId, stockId: back.stockId, productId: back.productId, unitPrice: back.unitPrice, userId: author.userId, createdAt: revision.at };
  const returned: NewUsage = { ...common, kind: revision.kind, quantity: -back.quantity, note: revision.giveBackNote, treatmentLogProductId: back.treatmentLogProductId };
  return back.lotDeleted ? [returned, { ...common, kind: 'removal', quantity: back.quantity, note: 'Stock deleted' }] : [returned];
}
