import Papa from 'papaparse';
import {
  A_ITEMS_VALUE_SHARE,
  A_ITEMS_WINDOW_DAYS,
  COUNT_ACCURACY_WINDOW_DAYS,
  COUNT_MESSAGES,
  escapeSpreadsheetCell,
  lineVariance,
  pageWindow,
  toPage,
  type AddFoundLotRequest,
  type Count,
  type CountAccuracy,
  type CountLine,
  type CountLinePage,
  type CountLineQuery,
  type CountListQuery,
  type CountPage,
  type SaveCountLineRequest,
  type StartCountRequest,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Tx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { currentCompanyId } from '../../core/access';
import { badRequest, conflict, notFound } from '../../core/errors';
import { visibleProductIds } from '../products/products.reads';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit } from '../audit/audit.writes';
import { claimKey, idempotentRequest, storeAnswer, type IdempotentOperation } from '../idempotency/idempotency';
import { findPlace } from '../places/places.reads';
import {
  accuracySince,
  aItemProducts,
  allLines,
  countWithSummary,
  findCategoryName,
  findLine,
  insertCount,
  insertLines,
  lastUnitPrice,
  lineWithNames,
  linesForExport,
  listCounts,
  listLines,
  lockCount,
  lotsInScope,
  unitsLeftOf,
  updateCount,
  updateLine,
  type CountLineListRow,
  type CountRow,
  type CountSummaryRow,
} from './counts.repo';

const DAY_MS = 86_400_000;
const round3 = (n: number) => Math.round(n * 1000) / 1000;
const round2 = (n: number) => Math.round(n * 100) / 100;

function scopeLabel(row: CountSummaryRow): string {
  switch (row.count.scope) {
    case 'location':
      return 'Whole location';
    case 'category':
      return `Category: ${row.categoryName ?? '—'}`;
    case 'place':
      return `Place: ${row.placeName ?? '—'}`;
    case 'a_items':
      return 'A items';
  }
}

function toCount(row: CountSummaryRow): Count {
  const c = row.count;
  // Blind while open: no sums of what the books expect either.
  const shown = c.status !== 'open';
  const counted = row.counted;
  return {
    id: c.id,
    scope: c.scope,
    scope_label: scopeLabel(row),
    status: c.status,
    started_by: row.startedByName,
    started_at: c.startedAt.toISOString(),
    submitted_at: c.submittedAt?.toISOString() ?? null,
    approved_by: row.approvedByName,
    approved_at: c.approvedAt?.toISOString() ?? null,
    canceled_at: c.canceledAt?.toISOString() ?? null,
    lines: row.lines,
    counted,
    found: row.found,
    variance_units: shown ? round3(row.varianceUnits) : null,
    variance_value: shown ? round2(row.varianceValue) : null,
    accuracy: shown && counted > 0 ? row.matching / counted : null,
  };
}

function toLine(row: CountLineListRow): CountLine {
  const l = row.line;
  // The books' figure is shown only once the line is counted (blind count).
  const expected = l.countedUnits === null ? null : l.isFound ? 0 : l.expectedUnits;
  const variance = lineVariance(l.countedUnits, expected);
  return {
    id: l.id,
    stock_id: l.stockId,
    product_id: l.productId,
    product_name: row.productName,
    barcode: row.barcode,
    lot_number: l.lotNumber,
    expiry_date: l.expiryDate,
    place_id: l.placeId,
    place_name: row.placeName,
    unit_price: l.unitPrice,
    is_found: l.isFound,
    counted_units: l.countedUnits,
    expected_units: expected,
    variance_units: variance,
    variance_value: variance === null ? null : round2(variance * l.unitPrice),
    counted_by: row.countedByName,
    counted_at: l.countedAt?.toISOString() ?? null,
    adjusted_units: l.adjustedUnits,
  };
}

/**
 * Cycle counts of the signed-in location (issue 34; docs/decisions.md, Cycle counts). A location
 * admin starts, approves and cancels; whoever may update stock counts and submits. The approval
 * puts the differences on the books through the ledger's door. Another location's count is 404.
 */
export function createCountsService(deps: ServiceDeps) {
  const { db } = deps;
  const { ledger } = deps;
  const audit = (tx: Parameters<typeof recordAudit>[0], actor: Actor, companyId: string, countId: string, action: string, changes: Record<string, unknown>) =>
    recordAudit(tx, actor, { entity: 'stock_count', entityId: countId, action, organizationId: actor.organizationId, companyId, changes });

  async function answer(companyId: string, id: string): Promise<Count> {
    const row = await countWithSummary(db, companyId, id);
    if (!row) throw notFound();
    return toCount(row);
  }

  /** The lots a new count of this scope takes; a reason (400) when there are none. */
  async function scopeLots(companyId: string, body: StartCountRequest) {
    if (body.scope === 'category') {
      if (!(await findCategoryName(db, companyId, body.category_id!))) throw badRequest('category_id', COUNT_MESSAGES.categoryNotFound);
      return lotsInScope(db, companyId, { categoryId: body.category_id });
    }
    if (body.scope === 'place') {
      const place = await findPlace(db, companyId, body.place_id!);
      if (!place || place.retiredAt) throw badRequest('place_id', COUNT_MESSAGES.placeNotFound);
      return lotsInScope(db, companyId, { placeId: place.id });
    }
    if (body.scope === 'a_items') {
      const since = new Date(deps.now().getTime() - A_ITEMS_WINDOW_DAYS * DAY_MS);
      const productIds = await aItemProducts(db, companyId, since, A_ITEMS_VALUE_SHARE);
      if (productIds.length === 0) throw badRequest('scope', COUNT_MESSAGES.noRecentUse);
      return lotsInScope(db, companyId, { productIds });
    }
    return lotsInScope(db, companyId, {});
  }

  /** The count locked for a change, else 404; `allowed` says which states it may be in. */
  async function locked(tx: Parameters<typeof lockCount>[0], companyId: string, id: string, allowed: CountRow['status'][]): Promise<CountRow> {
    const row = await lockCount(tx, companyId, id);
    if (!row) throw notFound();
    if (!allowed.includes(row.status)) {
      if (row.status === 'approved') throw conflict(COUNT_MESSAGES.alreadyApproved);
      if (row.status === 'canceled') throw conflict(COUNT_MESSAGES.alreadyCanceled);
      if (row.status === 'submitted') throw conflict(COUNT_MESSAGES.notOpen);
      throw conflict(COUNT_MESSAGES.notSubmitted);
    }
    return row;
  }

  /**
   * Writes a line once per idempotency key, when the request carries one (issue 52: a count
   * queued offline may be sent again after a lost answer). A replay answers the line the first
   * write wrote; the same key with another body is refused by the shared idempotency rule.
   */
  async function onceByKey(tx: Tx, companyId: string, operation: IdempotentOperation, route: string, body: { idempotency_key?: string | undefined }, write: () => Promise<string>): Promise<string> {
    if (!body.idempotency_key) return write();
    const request = idempotentRequest(companyId, operation, route, { ...body, idempotency_key: body.idempotency_key });
    const claim = await claimKey<{ line_id: string }>(tx, request);
    if ('replay' in claim) return claim.replay.line_id;
    const lineId = await write();
    await storeAnswer(tx, request, { line_id: lineId });
    return lineId;
  }

  async function lineAnswer(countId: string, lineId: string): Promise<CountLine> {
    const row = await lineWithNames(db, countId, lineId);
    if (!row) throw notFound(COUNT_MESSAGES.lineNotFound);
    return toLine(row);
  }

  return {
    async list(actor: Actor, query: CountListQuery): Promise<CountPage> {
      const { offset, limit } = pageWindow(query);
      const { rows, total } = await listCounts(db, currentCompanyId(actor), query.status, offset, limit);
      return toPage(rows.map(toCount), total, query);
    },

    get: (actor: Actor, id: string): Promise<Count> => answer(currentCompanyId(actor), id),

    async start(actor: Actor, body: StartCountRequest): Promise<Count> {
      const companyId = currentCompanyId(actor);
      const lots = await scopeLots(companyId, body);
      if (lots.length === 0) throw badRequest('scope', COUNT_MESSAGES.nothingToCount);
      const created = await db
        .transaction(async (tx) => {
          const count = await insertCount(tx, {
            companyId,
            scope: body.scope,
            categoryId: body.scope === 'category' ? body.category_id : null,
            placeId: body.scope === 'place' ? body.place_id : null,
            startedBy: actor.userId,
            startedAt: deps.now(),
          });
          await insertLines(
            tx,
            lots.map((lot) => ({ countId: count.id, companyId, productId: lot.productId, stockId: lot.id, placeId: lot.placeId, lotNumber: lot.lotNumber, expiryDate: lot.expiryDate, unitPrice: lot.unitPrice })),
          );
          await audit(tx, actor, companyId, count.id, 'start', { scope: body.scope, category_id: body.category_id ?? null, place_id: body.place_id ?? null, lots: lots.length });
          return count;
        })
        .catch((error: unknown) => {
          // Another count started at the same moment: the one-under-way index decides.
          if (isUniqueViolation(error)) throw conflict(COUNT_MESSAGES.countUnderWay);
          throw error;
        });
      return answer(companyId, created.id);
    },

    /** A page of the sheet; the books' figures only on lines already counted while it is open. */
    async lines(actor: Actor, id: string, query: CountLineQuery): Promise<CountLinePage> {
      const companyId = currentCompanyId(actor);
      const { offset, limit } = pageWindow(query);
      const count = await countWithSummary(db, companyId, id);
      if (!count) throw notFound();
      const { rows, total } = await listLines(db, id, query, offset, limit);
      return toPage(rows.map(toLine), total, query);
    },

    /**
     * Units counted on a line: the books' figure is read at this moment and kept with it, so use
     * at the chair afterwards is not counted twice. Counting again replaces both.
     */
    async saveLine(actor: Actor, id: string, lineId: string, body: SaveCountLineRequest): Promise<CountLine> {
      const companyId = currentCompanyId(actor);
      const saved = await db.transaction((tx) =>
        onceByKey(tx, companyId, 'count.line', `PUT /counts/${id}/lines/${lineId}`, body, async () => {
          await locked(tx, companyId, id, ['open']);
          const line = await findLine(tx, id, lineId);
          if (!line) throw notFound(COUNT_MESSAGES.lineNotFound);
          const expected = line.isFound || !line.stockId ? 0 : ((await unitsLeftOf(tx, companyId, line.stockId)) ?? 0);
          if (line.isFound && body.counted_units <= 0) throw badRequest('counted_units', COUNT_MESSAGES.foundUnitsMin);
          await updateLine(tx, lineId, { countedUnits: body.counted_units, expectedUnits: expected, countedBy: actor.userId, countedAt: deps.now() });
          await audit(tx, actor, companyId, id, 'count_line', { line_id: lineId, stock_id: line.stockId, counted: body.counted_units, expected });
          return lineId;
        }),
      );
      return lineAnswer(id, saved);
    },

    /** A lot on the shelf but not on the books, counted now; it becomes a lot when approved. */
    async addFound(actor: Actor, id: string, body: AddFoundLotRequest): Promise<CountLine> {
      const companyId = currentCompanyId(actor);
      // The catalog's own rule (issue 50, item 4): a product approved into the catalog is the
      // location's to count, wherever it was first entered.
      if (!(await visibleProductIds(db, companyId, [body.product_id])).has(body.product_id)) throw badRequest('product_id', COUNT_MESSAGES.productNotFound);
      const lineId = await db.transaction((tx) => onceByKey(tx, companyId, 'count.found', `POST /counts/${id}/found`, body, async () => {
        const count = await locked(tx, companyId, id, ['open']);
        const placeId = body.place_id ?? count.placeId;
        if (placeId) {
          const place = await findPlace(tx, companyId, placeId);
          if (!place || place.retiredAt) throw badRequest('place_id', COUNT_MESSAGES.placeNotFound);
        }
        const unitPrice = body.unit_price ?? (await lastUnitPrice(tx, companyId, body.product_id));
        const [line] = await insertLines(tx, [
          {
            countId: id,
            companyId,
            productId: body.product_id,
            stockId: null,
            placeId: placeId ?? null,
            lotNumber: body.lot_number,
            expiryDate: body.expiry_date ?? null,
            unitPrice,
            isFound: true,
            countedUnits: body.counted_units,
            expectedUnits: 0,
            countedBy: actor.userId,
            countedAt: deps.now(),
          },
        ]);
        await audit(tx, actor, companyId, id, 'found', { product_id: body.product_id, lot_number: body.lot_number, units: body.counted_units });
        return line!.id;
      }));
      return lineAnswer(id, lineId);
    },

    async submit(actor: Actor, id: string): Promise<Count> {
      const companyId = currentCompanyId(actor);
      await db.transaction(async (tx) => {
        await locked(tx, companyId, id, ['open']);
        const lines = await allLines(tx, id);
        const counted = lines.filter((l) => l.countedUnits !== null).length;
        if (counted === 0) throw conflict(COUNT_MESSAGES.nothingCounted);
        await updateCount(tx, id, { status: 'submitted', submittedBy: actor.userId, submittedAt: deps.now() });
        await audit(tx, actor, companyId, id, 'submit', { counted, lines: lines.length });
      });
      return answer(companyId, id);
    },

    /**
     * The differences go on the books, once: the count is locked and must be waiting for approval,
     * so a second approval (or one racing it) finds it approved and is refused with 409.
     */
    async approve(actor: Actor, id: string): Promise<Count> {
      const companyId = currentCompanyId(actor);
      await db.transaction(async (tx) => {
        await locked(tx, companyId, id, ['submitted']);
        const lines = (await allLines(tx, id)).filter((l) => l.countedUnits !== null);
        const differences = lines
          .filter((l) => !l.isFound && l.stockId !== null)
          .map((l) => ({ lineId: l.id, stockId: l.stockId!, counted: l.countedUnits!, expected: l.expectedUnits ?? 0, variance: round3(l.countedUnits! - (l.expectedUnits ?? 0)) }));
        const found = lines
          .filter((l) => l.isFound)
          .map((l) => ({ lineId: l.id, productId: l.productId, lotNumber: l.lotNumber, expiryDate: l.expiryDate, unitPrice: l.unitPrice, units: l.countedUnits!, placeId: l.placeId }));
        const settled = await ledger.settleCount(tx, { userId: actor.userId, organizationId: actor.organizationId }, { companyId, countId: id, differences, found });
        for (const [lineId, units] of settled.adjusted) await updateLine(tx, lineId, { adjustedUnits: units });
        for (const [lineId, stockId] of settled.foundStocks) {
          const units = found.find((f) => f.lineId === lineId)!.units;
          await updateLine(tx, lineId, { stockId, adjustedUnits: units });
        }
        await updateCount(tx, id, { status: 'approved', approvedBy: actor.userId, approvedAt: deps.now() });
        const net = [...settled.adjusted.values()].reduce((a, b) => a + b, 0) + found.reduce((a, f) => a + f.units, 0);
        await audit(tx, actor, companyId, id, 'approve', { lines: lines.length, adjusted_units: round3(net), found: found.length });
      });
      return answer(companyId, id);
    },

    async cancel(actor: Actor, id: string): Promise<Count> {
      const companyId = currentCompanyId(actor);
      await db.transaction(async (tx) => {
        await locked(tx, companyId, id, ['open', 'submitted']);
        await updateCount(tx, id, { status: 'canceled', canceledBy: actor.userId, canceledAt: deps.now() });
        await audit(tx, actor, companyId, id, 'cancel', {});
      });
      return answer(companyId, id);
    },

    /** The variance report: every line, shelf against books, in units and dollars. Blind while open. */
    async csv(actor: Actor, id: string): Promise<string> {
      const companyId = currentCompanyId(actor);
      const count = await countWithSummary(db, companyId, id);
      if (!count) throw notFound();
      const open = count.count.status === 'open';
      const rows = await linesForExport(db, id);
      return Papa.unparse({
        fields: ['Product', 'Lot', 'Expiry', 'Place', 'Found', 'Counted units', 'Expected units', 'Variance units', 'Unit price', 'Variance value', 'Adjusted units'],
        data: rows.map(({ line, productName, placeName }) => {
          const expected = line.countedUnits === null || open ? null : line.isFound ? 0 : line.expectedUnits;
          const variance = lineVariance(line.countedUnits, expected);
          return [
            escapeSpreadsheetCell(productName),
            escapeSpreadsheetCell(line.lotNumber),
            line.expiryDate ?? '',
            escapeSpreadsheetCell(placeName ?? ''),
            line.isFound ? 'yes' : 'no',
            line.countedUnits === null ? '' : String(line.countedUnits),
            expected === null ? '' : String(expected),
            variance === null ? '' : String(variance),
            String(line.unitPrice),
            variance === null ? '' : round2(variance * line.unitPrice).toFixed(2),
            line.adjustedUnits === null ? '' : String(line.adjustedUnits),
          ];
        }),
      });
    },

    fileName: async (actor: Actor, id: string): Promise<string> => {
      const count = await countWithSummary(db, currentCompanyId(actor), id);
      if (!count) throw notFound();
      return `count-variance-${count.count.startedAt.toISOString().slice(0, 10)}.csv`;
    },

    /** Inventory accuracy over the counts approved in the last 90 days (the dashboard's card). */
    async accuracy(actor: Actor): Promise<CountAccuracy> {
      const since = new Date(deps.now().getTime() - COUNT_ACCURACY_WINDOW_DAYS * DAY_MS);
      const row = await accuracySince(db, currentCompanyId(actor), since);
      return {
        days: COUNT_ACCURACY_WINDOW_DAYS,
        counts: row.counts,
        lines_counted: row.linesCounted,
        lines_matching: row.linesMatching,
        accuracy: row.linesCounted > 0 ? row.linesMatching / row.linesCounted : null,
        variance_value: round2(row.varianceValue),
        absolute_variance_value: round2(row.absoluteVarianceValue),
      };
    },
  };
}

export type CountsService = ReturnType<typeof createCountsService>;
