import {
  receiveIssue,
  roundToCents,
  TRANSFER_MESSAGES,
  type CreateTransferRequest,
  type ReceiveTransferRequest,
  type ShipTransferRequest,
  type Transfer,
  type TransferItem,
  type TransferLocationList,
  type TransferListQuery,
  type TransferPage,
  pageWindow,
  toPage,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Tx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { canSeeCompany, currentCompanyId } from '../../core/access';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors';
import { recordAudit } from '../audit/audit.writes';
import { findCompanyById, organizationLocations } from '../companies/companies.reads';
import { visibleProductIds } from '../products/products.reads';
import { claimKey, idempotentRequest, storeAnswer } from '../idempotency/idempotency';
import { type ArrivingLine, type LedgerAuthor, type ShipItem, type ShippedLot } from '../ledger/ledger';
import { insertItems, insertLines, insertTransfer, linesOf, lockTransfer, updateLine, updateTransfer, type TransferRow } from './transfers.repo';
import { toTransfers } from './transfers.view';
import { findTransfer, inTransitOf, itemsOf, listTransfers } from './transfers.repo';

/** What a transfer's writes answer, and replay: the transfer, read afresh by the caller. */
interface Written {
  transfer_id: string;
}

const unitsText = (n: number) => `${String(n)} ${n === 1 ? 'unit' : 'units'}`;
const shipItems = (items: TransferItem[]): ShipItem[] => items.map((i) => ({ productId: i.product_id, quantity: i.units, stockId: i.stock_id }));

/** One row per product: what was asked for or sent, before lots are picked. */
function perProduct(transferId: string, items: TransferItem[]) {
  const units = new Map<string, number>();
  for (const i of items) units.set(i.product_id, (units.get(i.product_id) ?? 0) + i.units);
  return [...units].map(([productId, n]) => ({ transferId, productId, units: n }));
}

/**
 * Transfers of units between the locations of one organization (issue 34, item 3). A location asks
 * another for units, or the sender (its staff, or an organization admin) sends them; the sender
 * ships, the receiver receives all or part. Units leave and arrive only through the ledger's door
 * (`ledger.ship`, `ledger.receiveTransfer`). Both ends see the transfer; nobody else does (404).
 */
export function createTransfersService(deps: ServiceDeps) {
  const { db } = deps;
  const { ledger } = deps;
  const author = (actor: Actor): LedgerAuthor => ({ userId: actor.userId, organizationId: actor.organizationId });
  const side = (row: TransferRow, end: 'from' | 'to') => ({ id: end === 'from' ? row.fromCompanyId : row.toCompanyId, organizationId: row.organizationId });

  /** A live location of the caller's organization, else 400 on the field (another organization's is not there). */
  async function locationIn(actor: Actor, id: string, field: string) {
    const company = await findCompanyById(db, id);
    if (!company || company.organizationId !== actor.organizationId) throw badRequest(field, TRANSFER_MESSAGES.locationNotFound);
    return company;
  }

  /** The receiver's lots must be of products it can see and use (a location's own unapproved products stay its own). */
  async function refuseUnseenProducts(to: { id: string; name: string }, items: TransferItem[]): Promise<void> {
    const productIds = [...new Set(items.map((i) => i.product_id))];
    if ((await visibleProductIds(db, to.id, productIds)).size < productIds.length) throw badRequest('items', TRANSFER_MESSAGES.productNotAtReceiver(to.name));
  }

  /** A transfer either end of which the caller works for; any other answers 404. */
  async function visible(actor: Actor, id: string): Promise<TransferRow> {
    const row = await findTransfer(db, id);
    if (!row || !(canSeeCompany(actor, side(row, 'from')) || canSeeCompany(actor, side(row, 'to')))) throw notFound();
    return row;
  }

  async function get(actor: Actor, id: string): Promise<Transfer> {
    const row = await visible(actor, id);
    return (await toTransfers(db, [row]))[0]!;
  }

  /** The sender's lines for what left, and the transfer in transit. */
  async function shipped(tx: Tx, actor: Actor, transferId: string, lots: ShippedLot[]): Promise<Written> {
    await insertLines(tx, lots.map((l) => ({ transferId, productId: l.productId, sourceStockId: l.stockId, unitsShipped: l.quantity, unitPrice: l.unitPrice })));
    await updateTransfer(tx, transferId, { status: 'in_transit', shippedBy: actor.userId, shippedAt: deps.now() });
    return { transfer_id: transferId };
  }

  const shipAudit = (lots: () => ShippedLot[], to: string) => (answer: Written) => ({
    entity: 'stock_transfer' as const,
    entityId: answer.transfer_id,
    action: 'ship',
    changes: { to, lots: lots().map((l) => ({ stock_id: l.stockId, units: l.quantity })) },
  });

  return {
    get,

    /** The other locations of the caller's organization, to ask units from or send them to. */
    async locations(actor: Actor): Promise<TransferLocationList> {
      currentCompanyId(actor);
      const rows = await organizationLocations(db, actor.organizationId!);
      return { locations: rows.map((c) => ({ id: c.id, name: c.name })) };
    },

    async list(actor: Actor, query: TransferListQuery): Promise<TransferPage> {
      const companyId = currentCompanyId(actor);
      const [{ rows, total }, inTransit] = await Promise.all([listTransfers(db, companyId, query, pageWindow(query)), inTransitOf(db, companyId)]);
      const round = (t: { units: number; value: number }) => ({ units: t.units, value: roundToCents(t.value) });
      return { ...toPage(await toTransfers(db, rows), total, query), in_transit: { incoming: round(inTransit.incoming), outgoing: round(inTransit.outgoing) } };
    },

    /**
     * A request from the receiving location (its staff, or an organization admin), or units sent at
     * once (`ship`) by the sending location's staff or an organization admin. Both locations must be
     * of the caller's organization. A retry with the same key creates one transfer.
     */
    async create(actor: Actor, body: CreateTransferRequest): Promise<Transfer> {
      const keyCompany = currentCompanyId(actor);
      const from = await locationIn(actor, body.from_company_id, 'from_company_id');
      const to = await locationIn(actor, body.to_company_id, 'to_company_id');
      if (from.id === to.id) throw badRequest('to_company_id', TRANSFER_MESSAGES.sameLocation);
      // The receiver's lots must be of products it can see and use (a location's own unapproved products stay its own).
      await refuseUnseenProducts(to, body.items);
      const request = idempotentRequest(keyCompany, 'transfer.create', 'POST /transfers', body);
      const base = { organizationId: from.organizationId, fromCompanyId: from.id, toCompanyId: to.id, note: body.note ?? '', requestedBy: actor.userId, requestedAt: deps.now() };
      if (body.ship === true) {
        if (!canSeeCompany(actor, from)) throw forbidden(TRANSFER_MESSAGES.notSender);
        let lots: ShippedLot[] = [];
        const { answer } = await ledger.ship(author(actor), {
          companyId: from.id,
          items: shipItems(body.items),
          note: `Shipped to ${to.name}`,
          request,
          record: async (tx, picked) => {
            lots = picked;
            const created = await insertTransfer(tx, { ...base, status: 'requested' });
            await insertItems(tx, perProduct(created.id, body.items));
            return shipped(tx, actor, created.id, picked);
          },
          audit: shipAudit(() => lots, to.name),
        });
        return get(actor, answer.transfer_id);
      }
      if (!canSeeCompany(actor, to)) throw forbidden(TRANSFER_MESSAGES.notYourLocation);
      if (body.items.some((i) => i.stock_id)) throw badRequest('items', TRANSFER_MESSAGES.lotsOnlyWhenShipping);
      const answer = await db.transaction(async (tx) => {
        const claim = await claimKey<Written>(tx, request);
        if ('replay' in claim) return claim.replay;
        const created = await insertTransfer(tx, { ...base, status: 'requested' });
        await insertItems(tx, perProduct(created.id, body.items));
        const written = { transfer_id: created.id };
        await recordAudit(tx, actor, { entity: 'stock_transfer', entityId: created.id, action: 'request', organizationId: actor.organizationId, companyId: to.id, changes: { from: from.name, items: body.items } });
        await storeAnswer(tx, request, written);
        return written;
      });
      return get(actor, answer.transfer_id);
    },

    /** A request shipped by the sending location (or an organization admin): the lots named, or first expiry first. */
    async ship(actor: Actor, id: string, body: ShipTransferRequest): Promise<Transfer> {
      const row = await visible(actor, id);
      if (!canSeeCompany(actor, side(row, 'from'))) throw forbidden(TRANSFER_MESSAGES.notSender);
      const to = await findCompanyById(db, row.toCompanyId);
      // The sender may ship other lots or products than asked for; the receiver must still see them.
      if (body.items && to) await refuseUnseenProducts(to, body.items);
      const items = body.items ? shipItems(body.items) : (await itemsOf(db, [id])).map((i) => ({ productId: i.productId, quantity: i.units }));
      let lots: ShippedLot[] = [];
      await ledger.ship(author(actor), {
        companyId: row.fromCompanyId,
        items,
        note: `Shipped to ${to?.name ?? 'another location'}`,
        request: idempotentRequest(row.fromCompanyId, 'transfer.ship', `POST /transfers/${id}/ship`, body),
        prepare: async (tx) => {
          const locked = await lockTransfer(tx, id);
          if (locked?.status !== 'requested') throw conflict(TRANSFER_MESSAGES.notRequested);
        },
        record: (tx, picked) => {
          lots = picked;
          return shipped(tx, actor, id, picked);
        },
        audit: shipAudit(() => lots, to?.name ?? ''),
      });
      return get(actor, id);
    },

    /**
     * The receiving location takes in what arrived: a line left out arrived whole; fewer units than
     * shipped need a reason, and the rest is written off on the line (not a lot's disposal: the
     * units left the sender's lot when shipped). A second receipt is refused with 409.
     */
    async receive(actor: Actor, id: string, body: ReceiveTransferRequest): Promise<Transfer> {
      const row = await visible(actor, id);
      if (!canSeeCompany(actor, side(row, 'to'))) throw forbidden(TRANSFER_MESSAGES.notReceiver);
      const told = new Map((body.lines ?? []).map((l) => [l.line_id, l]));
      let arrived: (ArrivingLine & { shipped: number; reason: string })[] = [];
      await ledger.receiveTransfer(author(actor), {
        companyId: row.toCompanyId,
        placeId: body.place_id,
        request: idempotentRequest(row.toCompanyId, 'transfer.receive', `POST /transfers/${id}/receive`, body),
        prepare: async (tx) => {
          const locked = await lockTransfer(tx, id);
          if (locked?.status !== 'in_transit') throw conflict(TRANSFER_MESSAGES.notInTransit);
          const lines = await linesOf(tx, [id]);
          const known = new Set(lines.map((l) => l.line.id));
          if ([...told.keys()].some((lineId) => !known.has(lineId))) throw badRequest('lines', TRANSFER_MESSAGES.lineNotFound);
          arrived = lines.map(({ line }) => {
            const said = told.get(line.id);
            const units = said ? said.units_received : line.unitsShipped;
            const reason = said?.write_off_reason ?? '';
            const issue = receiveIssue(line.unitsShipped, units, reason);
            if (issue) throw badRequest(issue.field, issue.message);
            return { lineId: line.id, sourceStockId: line.sourceStockId, quantity: units, shipped: line.unitsShipped, reason };
          });
          return arrived;
        },
        record: async (tx, made) => {
          const stockOf = new Map(made.map((m) => [m.lineId, m.stockId]));
          for (const a of arrived) {
            const lost = a.shipped - a.quantity;
            await updateLine(tx, a.lineId, { unitsReceived: a.quantity, unitsWrittenOff: lost, writeOffReason: lost > 0 ? a.reason : null, receivedStockId: stockOf.get(a.lineId) ?? null });
          }
          await updateTransfer(tx, id, { status: 'received', receivedBy: actor.userId, receivedAt: deps.now() });
          const lost = arrived.filter((a) => a.quantity < a.shipped);
          if (lost.length > 0) {
            await recordAudit(tx, actor, {
              entity: 'stock_transfer',
              entityId: id,
              action: 'write_off_in_transit',
              organizationId: actor.organizationId,
              companyId: row.toCompanyId,
              changes: { lines: lost.map((a) => ({ line_id: a.lineId, units: a.shipped - a.quantity, reason: a.reason })) },
            });
          }
          return { transfer_id: id };
        },
        audit: (answer) => ({
          entity: 'stock_transfer',
          entityId: answer.transfer_id,
          action: 'receive',
          changes: { units_received: arrived.reduce((s, a) => s + a.quantity, 0), units_written_off: arrived.reduce((s, a) => s + a.shipped - a.quantity, 0), note: unitsText(arrived.reduce((s, a) => s + a.quantity, 0)) },
        }),
      });
      return get(actor, id);
    },

    /** A request not yet shipped, withdrawn by either location (or an organization admin). */
    async cancel(actor: Actor, id: string): Promise<Transfer> {
      const row = await visible(actor, id);
      // The audit row is the location of the end that canceled (an organization admin: the requester's).
      const at = actor.companyId === row.fromCompanyId ? row.fromCompanyId : row.toCompanyId;
      await db.transaction(async (tx) => {
        const locked = await lockTransfer(tx, id);
        if (locked?.status !== 'requested') throw conflict(TRANSFER_MESSAGES.notRequested);
        await updateTransfer(tx, id, { status: 'canceled', canceledBy: actor.userId, canceledAt: deps.now() });
        await recordAudit(tx, actor, { entity: 'stock_transfer', entityId: id, action: 'cancel', organizationId: actor.organizationId, companyId: at, changes: {} });
      });
      return get(actor, id);
    },
  };
}

export type TransfersService = ReturnType<typeof createTransfersService>;
