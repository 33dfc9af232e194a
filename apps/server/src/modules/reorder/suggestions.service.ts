import {
  MARKETPLACE_MESSAGES,
  SUGGESTION_MESSAGES,
  joinQuantity,
  lineTotal,
  orderQuantity,
  orderSizeForVendor,
  purchaseOrderNumber,
  roundToCents,
  routeProduct,
  unitPriceOfChoice as unitPriceOf,
  type CheckedLine,
  type OrderedSuggestions,
  type OrderSuggestionsRequest,
  type SuggestedOrder,
  type UpdateSuggestedLine,
  type VendorChoice,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { currentCompanyId } from '../../core/access';
import { AppError, badRequest, conflict, notFound } from '../../core/errors';
import { locationDay } from '../../db/location-day';
import { recordAudit } from '../audit/audit.writes';
import { findUserById } from '../users/users.reads';
import { actingAs } from '../users/acting-as';
import { createOrderIssuer } from '../purchasing/issue-order';
import type { MarketplaceService } from '../marketplace/marketplace.service';
import type { ReorderService } from './reorder.service';
import { linesPerOrderBySupplier, settingsOf, settingsView, shippingOfSuppliers } from './reorder.repo';
import {
  closeDraftIfDone,
  companiesToSuggest,
  hasSomethingToSuggest,
  findLine,
  findOpenDraft,
  linesOf,
  lockExistingDraft,
  lockOpenDraft,
  markOrdered,
  productPositions,
  replaceUntouchedLines,
  updateLine,
  type NewSuggestedLine,
  type ProductPosition,
  type SuggestedLineRow,
} from './suggestions.repo';

type LineRecord = SuggestedLineRow['line'];

/** The levels a product is ordered by: set by hand, else the daily forecast's, never below its Minimum Stock. */
function levelsOf(p: ProductPosition): { reorderPoint: number; orderUpTo: number } {
  if (p.pinned) return p.pinned;
  const minimum = Math.max(0, p.minimumStock);
  if (!p.forecast) return { reorderPoint: minimum, orderUpTo: minimum };
  return { reorderPoint: Math.max(p.forecast.reorderPoint, minimum), orderUpTo: Math.max(p.forecast.orderUpTo, minimum) };
}

const fmt = (n: number) => String(Math.round(n * 100) / 100);

/**
 * Why a line orders what it does: where the product stands, the fill aimed at, the level ordered
 * up to and the order-cost balance; `joining`: the vendor whose order it joins.
 */
function whyOf(p: ProductPosition, levels: { reorderPoint: number; orderUpTo: number }, joining: string | null, sizedFor: VendorSize | null): string {
  const position = `${fmt(p.usableUnits)} usable + ${fmt(p.onOrderUnits)} on order`;
  const upTo = `ordered up to ${levels.orderUpTo}`;
  if (p.pinned) return `${position}, at or below the reorder point ${levels.reorderPoint} set by hand: ${upTo}`;
  if (!p.forecast || levels.reorderPoint > p.forecast.reorderPoint) return `${position}, at or below the Minimum Stock ${levels.reorderPoint}: ${upTo}`;
  // A larger order over the same reorder point fills at least what was planned.
  const fill = p.forecast.expectedFill === null ? '' : ` (expected fill ${sizedFor ? 'at least ' : ''}${(100 * p.forecast.expectedFill).toFixed(1)}%)`;
  const start = joining
    ? `Joins the order to ${joining} going out anyway: ${position}, within half an order of the reorder point ${levels.reorderPoint}${fill}: ${upTo}`
    : `${position}, at or below the reorder point ${levels.reorderPoint}${fill}: ${upTo}`;
  if (sizedFor) return `${start}. Order size for ${sizedFor.vendorName}'s order: ${sizedFor.why}`;
  return p.forecast.why ? `${start}. Order size: ${p.forecast.why}` : start;
}

/** An order size weighed for the vendor a line is routed to (`orderSizeForVendor`). */
interface VendorSize {
  vendorName: string;
  orderUpTo: number;
  why: string;
}

function toView(l: SuggestedLineRow): SuggestedOrder['lines'][number] {
  const { line } = l;
  const units = line.packSize ? line.quantity * line.packSize : 0;
  return {
    id: line.id,
    product: { id: line.productId, name: l.productName },
    vendor: line.vendorId && line.vendorKind ? { id: line.vendorId, name: l.vendorName ?? '', kind: line.vendorKind } : null,
    sku: line.sku,
    description: line.description,
    pack_size: line.packSize,
    price: line.price,
    quantity: line.quantity,
    units,
    total: line.price === null ? 0 : lineTotal(line.quantity, line.price),
    units_needed: line.unitsNeeded,
    usable_units: line.usableUnits,
    on_order_units: line.onOrderUnits,
    why: line.why,
    reorder_point: line.reorderPoint,
    order_up_to: line.orderUpTo,
    choices: line.choices.map((c) => ({
      vendor: { id: c.vendorId, name: c.vendorName, kind: c.vendorKind },
      sku: c.sku,
      pack_size: c.packSize,
      price: c.price,
      unit_price: unitPriceOf(c),
      in_stock: c.inStock,
    })),
    problem: line.problem,
    edited: line.edited,
    ordered: line.purchaseOrderId && l.orderNumber !== null ? { purchase_order_id: line.purchaseOrderId, number: purchaseOrderNumber(l.orderNumber) } : null,
  };
}

/** A line that goes out when the draft is ordered: a vendor, a price, packs, and not out already. */
const waiting = (l: LineRecord) => !l.removed && l.problem === null && l.vendorId !== null && l.price !== null && l.packSize !== null && l.quantity > 0 && l.purchaseOrderId === null;

/**
 * Suggested orders (issue 35; docs/decisions.md, Suggested orders): the daily draft of what each
 * location should order, per vendor, a location admin's review, and the one tap that turns it into
 * purchase orders (through the marketplace for vendors with price lists or ordering APIs, through
 * the purchase-order issuer for a last supplier without one). Automatic sending, when a location
 * turns it on, sends the vendors whose order stays under its value, in the name of the admin who
 * turned it on.
 */
export function createSuggestionsService(deps: ServiceDeps, reorder: ReorderService, marketplace: MarketplaceService) {
  const { db } = deps;
  const issueOrder = createOrderIssuer(deps);

  async function view(companyId: string): Promise<SuggestedOrder> {
    const [draft, settings] = await Promise.all([findOpenDraft(db, companyId), settingsOf(db, companyId)]);
    const autoSendUnder = settings?.autoSendUnder ?? null;
    if (!draft) return { id: null, refreshed_at: null, lines: [], total: 0, auto_send_under: autoSendUnder, shipping: [] };
    const lines = await linesOf(db, draft.id);
    const total = roundToCents(lines.filter((l) => waiting(l.line)).reduce((sum, l) => sum + lineTotal(l.line.quantity, l.line.price ?? 0), 0));
    // Issue 51: each vendor's shipping terms here, so the page can say what its order pays and what would ship it free.
    const vendors = [...new Set(lines.map((l) => l.line.vendorId).filter((id): id is string => id !== null))];
    const shipping = (await shippingOfSuppliers(db, companyId, vendors)).map((t) => ({ vendor_id: t.supplierId, shipping_fee: t.fee, free_shipping_over: t.freeOver }));
    return { id: draft.id, refreshed_at: draft.refreshedAt.toISOString(), lines: lines.map(toView), total, auto_send_under: autoSendUnder, shipping };
  }

  /**
   * The overnight plan sized each order for the product's last supplier; a line routed to another
   * vendor (a cheaper offer) is sized again for that vendor's pack, price, shipping terms and the
   * lines its orders here usually carry (issue 51), above the same reorder point, where that orders
   * more (`orderSizeForVendor` says why never less). Read once per draft.
   */
  async function vendorSizer(companyId: string, lines: ReadonlyArray<{ p: ProductPosition; choice: VendorChoice | null }>) {
    const elsewhere = (p: ProductPosition, choice: VendorChoice) => !p.pinned && p.forecast !== null && choice.vendorId !== p.last?.supplierId;
    const vendors = [...new Set(lines.filter((l) => l.choice && elsewhere(l.p, l.choice)).map((l) => l.choice!.vendorId))];
    if (vendors.length === 0) return () => null;
    const [saved, shipping, linesPerOrder] = await Promise.all([settingsOf(db, companyId), shippingOfSuppliers(db, companyId, vendors), linesPerOrderBySupplier(db, companyId)]);
    const settings = settingsView(saved);
    const costs = { orderCost: settings.order_cost, holdingRate: settings.holding_rate };
    return (p: ProductPosition, planned: { reorderPoint: number; orderUpTo: number }, choice: VendorChoice): VendorSize | null => {
      // The Minimum Stock above the forecast's reorder point sets the levels: they stay as they are.
      if (!elsewhere(p, choice) || planned.reorderPoint !== p.forecast!.reorderPoint) return null;
      const terms = shipping.find((t) => t.supplierId === choice.vendorId);
      const sized = orderSizeForVendor({ ...p.forecast!, orderUpTo: planned.orderUpTo }, {
        ...costs,
        unitPrice: unitPriceOf(choice),
        packSize: choice.packSize,
        linesPerOrder: linesPerOrder.get(choice.vendorId) ?? 1,
        shipping: terms ? { fee: terms.fee, freeOver: terms.freeOver } : null,
      });
      return sized ? { vendorName: choice.vendorName, ...sized } : null;
    };
  }

  /**
   * What the location should order now, as lines: products at or below their reorder point, and
   * (issue 51) products due soon whose vendor gets an order anyway, joining it so its cost counts
   * once; routed first, so a product joins the vendor it would be ordered from. Each line says why.
   */
  async function draftLines(companyId: string): Promise<NewSuggestedLine[]> {
    const positions = await productPositions(db, companyId, await locationDay(db, companyId, deps.now()));
    const position = (p: ProductPosition) => p.usableUnits + p.onOrderUnits;
    const candidates = positions
      .map((p) => ({ p, levels: levelsOf(p) }))
      .filter(({ p, levels }) => levels.orderUpTo - position(p) > 0)
      .map((c) => ({ ...c, due: position(c.p) <= c.levels.reorderPoint }))
      .filter((c) => c.due || (!c.p.pinned && joinQuantity({ onHand: c.p.usableUnits, onOrder: c.p.onOrderUnits, levels: c.levels, packSize: 1 }).units > 0));
    if (!candidates.some((c) => c.due)) return [];
    const { offers, kinds } = await marketplace.offersFor(
      companyId,
      candidates.map(({ p }) => p.productId),
    );
    const routed = candidates.map((c) => ({ ...c, ...routeProduct(c.p, offers.filter((o) => o.productId === c.p.productId), kinds) }));
    const going = new Set(routed.filter((r) => r.due && r.choice).map((r) => r.choice!.vendorId));
    const kept = routed.filter((r) => r.due || (r.choice && going.has(r.choice.vendorId)));
    const sizeFor = await vendorSizer(companyId, kept);
    return kept
      .map(({ p, levels: planned, due, choice, choices, problem }) => {
        const sized = choice ? sizeFor(p, planned, choice) : null;
        const levels = sized ? { reorderPoint: planned.reorderPoint, orderUpTo: sized.orderUpTo } : planned;
        const quantityOf = due ? orderQuantity : joinQuantity;
        const packs = choice ? quantityOf({ onHand: p.usableUnits, onOrder: p.onOrderUnits, levels, packSize: choice.packSize, unitPrice: unitPriceOf(choice) }).packs : 0;
        return {
          productId: p.productId,
          vendorId: choice?.vendorId ?? null,
          vendorKind: choice?.vendorKind ?? null,
          sku: choice?.sku ?? null,
          description: choice?.sku ? (offers.find((o) => o.vendorId === choice.vendorId && o.sku === choice.sku)?.description ?? p.name) : p.name,
          packSize: choice?.packSize ?? null,
          price: choice?.price ?? null,
          quantity: packs,
          unitsNeeded: levels.orderUpTo - position(p),
          usableUnits: p.usableUnits,
          onOrderUnits: p.onOrderUnits,
          reorderPoint: levels.reorderPoint,
          orderUpTo: levels.orderUpTo,
          why: whyOf(p, levels, due ? null : (choice?.vendorName ?? null), sized),
          choices,
          problem,
        };
      });
  }

  /**
   * Sends these lines of the draft: one marketplace checkout per vendor for lines with an item
   * number (its key is the draft's and the vendor's, so a retry or a second tap counts once), and
   * one purchase order per last supplier for the others, written under the draft's lock.
   */
  async function send(actor: Actor, draftId: string, lines: LineRecord[], automatic: boolean): Promise<OrderedSuggestions> {
    const companyId = currentCompanyId(actor);
    const sent: OrderedSuggestions['purchase_orders'] = [];
    const byVendor = new Map<string, LineRecord[]>();
    for (const line of lines.filter((l) => l.sku !== null)) byVendor.set(line.vendorId!, [...(byVendor.get(line.vendorId!) ?? []), line]);
    for (const [vendorId, group] of byVendor) {
      const bySku = new Map<string, { sku: string; quantity: number; price: number }>();
      for (const l of group) {
        const merged = bySku.get(l.sku!);
        bySku.set(l.sku!, { sku: l.sku!, quantity: (merged?.quantity ?? 0) + l.quantity, price: l.price! });
      }
      let placed;
      try {
        placed = await marketplace.place(actor, { orders: [{ vendor_id: vendorId, products: [...bySku.values()] }], idempotency_key: `suggested:${draftId}:${vendorId}` });
      } catch (error) {
        if (error instanceof AppError && error.code === 'CONFLICT' && error.message === MARKETPLACE_MESSAGES.pricesChanged) {
          await takeNewPrices(group, (error.extra.details?.products ?? []) as CheckedLine[]);
          throw new AppError('CONFLICT', SUGGESTION_MESSAGES.pricesChanged);
        }
        throw error;
      }
      const order = placed.orders[0]!;
      await db.transaction(async (tx) => markOrdered(tx, group.map((l) => l.id), order.id));
      sent.push({ id: order.id, number: order.number, vendor_name: order.vendor.name, total: order.total });
    }

    await db.transaction(async (tx) => {
      const draft = await lockExistingDraft(tx, companyId);
      if (!draft || draft.id !== draftId) return;
      // Read again under the lock: a second tap finds these lines ordered by the first.
      const chosen = new Set(lines.map((l) => l.id));
      const plain = (await linesOf(tx, draftId)).filter((l) => l.line.sku === null && waiting(l.line) && chosen.has(l.line.id));
      const bySupplier = new Map<string, SuggestedLineRow[]>();
      for (const row of plain) bySupplier.set(row.line.vendorId!, [...(bySupplier.get(row.line.vendorId!) ?? []), row]);
      for (const [supplierId, group] of bySupplier) {
        const issued = await issueOrder(tx, actor, {
          companyId,
          supplierId,
          runningListId: null,
          lines: group.map(({ line, productName }) => ({ productId: line.productId, productName, quantity: line.quantity, price: line.price!, itemsPerPack: 1 })),
          emailSupplier: true,
        });
        await markOrdered(
          tx,
          group.map((row) => row.line.id),
          issued.id,
        );
        sent.push({ id: issued.id, number: issued.number, vendor_name: group[0]!.vendorName ?? '', total: issued.total });
      }
      await closeDraftIfDone(tx, draftId, deps.now(), automatic ? null : actor.userId);
      await recordAudit(tx, actor, {
        entity: 'suggested_order',
        entityId: draftId,
        action: automatic ? 'auto_send' : 'order',
        organizationId: actor.organizationId,
        companyId,
        changes: { purchaseOrders: sent.map((s) => s.number), lines: lines.length },
      });
    });
    return { purchase_orders: sent };
  }

  /** A vendor's prices moved since the draft: its lines take the new prices for the admin to see. */
  async function takeNewPrices(group: LineRecord[], checked: CheckedLine[]): Promise<void> {
    await db.transaction(async (tx) => {
      for (const line of group) {
        const now = checked.find((c) => c.sku === line.sku && c.current_price !== null);
        if (now) await updateLine(tx, line.id, { price: now.current_price! });
      }
    });
  }

  /** Automatic sending: every vendor whose share of the draft stays under the location's value. */
  async function autoSend(companyId: string, draftId: string): Promise<void> {
    const settings = await settingsOf(db, companyId);
    if (!settings?.autoSendUnder || !settings.autoSendBy) return;
    const user = await findUserById(db, settings.autoSendBy);
    if (!user || user.status === 'disabled' || user.approvalStatus === 'rejected') return;
    const actor = { ...actingAs(user), companyId };
    const lines = (await linesOf(db, draftId)).map((l) => l.line).filter(waiting);
    const byVendor = new Map<string, LineRecord[]>();
    for (const line of lines) byVendor.set(line.vendorId!, [...(byVendor.get(line.vendorId!) ?? []), line]);
    for (const group of byVendor.values()) {
      const total = group.reduce((sum, l) => sum + lineTotal(l.quantity, l.price!), 0);
      if (total >= settings.autoSendUnder) continue;
      // One vendor failing (prices moved, vendor down) leaves its lines for a person; the others go.
      await send(actor, draftId, group, true).catch(() => undefined);
    }
  }

  /** Drafts (or refreshes) one location's suggested order, then sends what automatic sending may. */
  async function draftCompany(companyId: string, actor?: Actor): Promise<void> {
    const lines = await draftLines(companyId);
    const draftId = await db.transaction(async (tx) => {
      const draft = await lockOpenDraft(tx, companyId, deps.now());
      await replaceUntouchedLines(tx, draft, lines, deps.now());
      if (actor) await recordAudit(tx, actor, { entity: 'suggested_order', entityId: draft.id, action: 'draft', organizationId: actor.organizationId, companyId, changes: { lines: lines.length } });
      return draft.id;
    });
    await autoSend(companyId, draftId);
  }

  async function openDraftOrThrow(companyId: string) {
    const draft = await findOpenDraft(db, companyId);
    if (!draft) throw notFound(SUGGESTION_MESSAGES.noDraft);
    return draft;
  }

  return {
    /** The location's open draft with its lines (the Suggested orders page). */
    view: (actor: Actor) => view(currentCompanyId(actor)),

    /** The daily job: every location with anything to plan for, drafted; a location at a time. */
    async draftAll(): Promise<number> {
      const companies = await companiesToSuggest(db);
      for (const companyId of companies) await draftCompany(companyId);
      return companies.length;
    },

    draftCompany: (companyId: string) => draftCompany(companyId),

    /** The locations with anything to plan for: forecasts, a minimum stock or pinned levels. */
    companiesToSuggest: () => companiesToSuggest(db),

    /** The nightly job at one location (issue 53): drafted if it has anything to plan for (after its forecasts). */
    async draftIfPlanned(companyId: string): Promise<boolean> {
      if (!(await hasSomethingToSuggest(db, companyId))) return false;
      await draftCompany(companyId);
      return true;
    },

    /** The page's Draft now: this location's forecasts brought up to date, then its draft. */
    async refresh(actor: Actor): Promise<SuggestedOrder> {
      const companyId = currentCompanyId(actor);
      await reorder.refreshCompany(companyId);
      await draftCompany(companyId, actor);
      return view(companyId);
    },

    /** A reviewer's change to a line: packs, or another of its vendors (packs follow the new pack size unless given). */
    async updateLine(actor: Actor, lineId: string, body: UpdateSuggestedLine): Promise<SuggestedOrder> {
      const companyId = currentCompanyId(actor);
      await db.transaction(async (tx) => {
        const draft = await lockExistingDraft(tx, companyId);
        const line = draft ? await findLine(tx, draft.id, lineId) : null;
        if (!draft || !line) throw notFound(SUGGESTION_MESSAGES.lineNotFound);
        if (line.purchaseOrderId) throw conflict(SUGGESTION_MESSAGES.lineOrdered);
        const values: Parameters<typeof updateLine>[2] = { edited: true };
        if (body.choice) {
          const choice = line.choices.find((c) => c.vendorId === body.choice!.vendor_id && c.sku === body.choice!.sku);
          if (!choice) throw badRequest('choice', SUGGESTION_MESSAGES.choiceUnknown);
          Object.assign(values, {
            vendorId: choice.vendorId,
            vendorKind: choice.vendorKind,
            sku: choice.sku,
            packSize: choice.packSize,
            price: choice.price,
            problem: null,
            quantity: Math.max(0, Math.ceil(line.unitsNeeded / choice.packSize - 1e-9)),
          });
        }
        if (body.quantity !== undefined) values.quantity = body.quantity;
        await updateLine(tx, line.id, values);
        await recordAudit(tx, actor, { entity: 'suggested_order', entityId: draft.id, action: 'update_line', organizationId: actor.organizationId, companyId, changes: { lineId, ...body } });
      });
      return view(companyId);
    },

    /** A line taken off the draft: the next runs of the job leave it off. */
    async removeLine(actor: Actor, lineId: string): Promise<SuggestedOrder> {
      const companyId = currentCompanyId(actor);
      await db.transaction(async (tx) => {
        const draft = await lockExistingDraft(tx, companyId);
        const line = draft ? await findLine(tx, draft.id, lineId) : null;
        if (!draft || !line) throw notFound(SUGGESTION_MESSAGES.lineNotFound);
        if (line.purchaseOrderId) throw conflict(SUGGESTION_MESSAGES.lineOrdered);
        await updateLine(tx, line.id, { removed: true });
        await recordAudit(tx, actor, { entity: 'suggested_order', entityId: draft.id, action: 'remove_line', organizationId: actor.organizationId, companyId, changes: { lineId, productId: line.productId } });
      });
      return view(companyId);
    },

    /** The one tap: the draft's waiting lines (of these vendors, or all) out as purchase orders. */
    async order(actor: Actor, body: OrderSuggestionsRequest): Promise<OrderedSuggestions> {
      const companyId = currentCompanyId(actor);
      const draft = await openDraftOrThrow(companyId);
      const lines = (await linesOf(db, draft.id)).map((l) => l.line).filter((l) => waiting(l) && (!body.vendor_ids || body.vendor_ids.includes(l.vendorId!)));
      if (lines.length === 0) throw conflict(SUGGESTION_MESSAGES.nothingToOrder);
      return send(actor, draft.id, lines, false);
    },
  };
}

export type SuggestionsService = ReturnType<typeof createSuggestionsService>;
