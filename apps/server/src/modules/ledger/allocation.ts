import { fromCents, givingLots, isUsableLot, pickFirstExpiry, STOCK_MESSAGES, type Consumption, type UsageKind } from '@clinic/domain';
import type { Tx } from '../../db/client';
import { AppError } from '../../core/errors';
import { locationDay } from '../../db/location-day';
import { lockLots, productNames, type LockedLot, type NewUsage } from './ledger.repo';

/** Quantities are kept to three decimals; the arithmetic runs on whole thousandths. */
const MILLI = 1000;
export const toMilli = (value: number | string) => Math.round(Number(value) * MILLI);
export const fromMilli = (milli: number) => milli / MILLI;
/** Dollars to the cent of units taken from one or more lots, rounded once for the whole line. */
export function costOf(picks: { milli: number; unitPrice: number }[]): number {
  const milliCents = picks.reduce((sum, p) => sum + p.milli * p.unitPrice * 100, 0);
  return fromCents(Math.round(milliCents / MILLI));
}

export interface ConsumeItem {
  productId: string;
  quantity: number;
  /** A lot the user named: used even when expired, and nothing else is. */
  stockId?: string | undefined;
  treatmentLogProductId?: string | undefined;
  /** The product's name when the caller already has it: a shortage then needs no lookup while the lots are locked. */
  productName?: string | undefined;
  /** When these units left, if not at the consumption's time (the demo's year of history). */
  at?: Date | undefined;
}

export interface ConsumeContext {
  companyId: string;
  userId: string | null;
  kind: Extract<UsageKind, 'treatment' | 'manual'>;
  note: string;
  /** When the units leave: the ledger rows' time; lots expiring before its day are expired. */
  at: Date;
}

export type StockProblem = 'not_enough' | 'expired' | 'recalled' | 'quarantined';

/** Why a product's units cannot be given, and the lot that stops them when one does. */
export interface StockRefusal {
  problem: StockProblem;
  lotNumber: string;
}

/** The spec's message for a refusal: what a shortage says, and what a proposal warns of before one. */
export function messageOf(product: string, refusal: StockRefusal): string {
  const { problem, lotNumber } = refusal;
  if (problem === 'recalled') return lotNumber ? STOCK_MESSAGES.lotRecalled(product, lotNumber) : STOCK_MESSAGES.recalledStock(product);
  if (problem === 'quarantined') return lotNumber ? STOCK_MESSAGES.lotQuarantined(product, lotNumber) : STOCK_MESSAGES.quarantinedStock(product);
  return problem === 'expired' ? STOCK_MESSAGES.expiredStock(product) : STOCK_MESSAGES.notEnoughStock(product);
}

/** '{product} - Not enough stock' / '- Expired stock' / '- Lot SX3417 is recalled', with the product for the tray. */
export class StockShortage extends AppError {
  readonly problem: StockProblem;
  constructor(
    readonly productId: string,
    readonly productName: string,
    refusal: StockRefusal,
  ) {
    super('CONFLICT', messageOf(productName, refusal), {
      details: { product_id: productId, product_name: productName, problem: refusal.problem, ...(refusal.lotNumber ? { lot_number: refusal.lotNumber } : {}) },
    });
    this.problem = refusal.problem;
  }
}

const STOPS: StockProblem[] = ['recalled', 'quarantined', 'expired'];
const stopOf = (lot: LockedLot, today: string): StockProblem | null => (lot.status !== 'available' ? lot.status : isUsableLot(lot, today) ? null : 'expired');

/**
 * Why `needed` units of a product cannot be taken from its lots (issue 50, item 2), given what each
 * lot has left in the caller's measure (thousandths at the chair, whole units for a shipment). A
 * named lot answers for itself. Otherwise, when no usable unit is left and stopped lots hold some,
 * the strongest stop is named with its first lot (a recall before a quarantine before an expiry);
 * when some are usable, expired lots that would make up the difference say "Expired stock", and
 * anything else is not enough stock.
 */
export function refusalFor(lots: LockedLot[], needed: number, today: string, leftOf: (lot: LockedLot) => number, named?: LockedLot): StockRefusal {
  if (named) return { problem: stopOf(named, today) ?? 'not_enough', lotNumber: named.lotNumber };
  const holding = lots.filter((lot) => leftOf(lot) > 0);
  if (!holding.some((lot) => isUsableLot(lot, today))) {
    for (const stop of STOPS) {
      const lot = holding.find((l) => stopOf(l, today) === stop);
      if (lot) return { problem: stop, lotNumber: lot.lotNumber };
    }
  }
  const available = holding.filter((lot) => lot.status === 'available').reduce((sum, lot) => sum + leftOf(lot), 0);
  return { problem: available >= needed ? 'expired' : 'not_enough', lotNumber: '' };
}

/**
 * Which lots give the units, first expiry first (the domain's `pickFirstExpiry`); a refusal says
 * why not. Recalled and quarantined lots never give units: skipped, or refused when named. A named
 * expired lot is used (the user chose it), and no other lot is.
 */
export function allocate(item: ConsumeItem, lots: LockedLot[], today: string): { lot: LockedLot; milli: number }[] | StockRefusal {
  const needed = toMilli(item.quantity);
  const leftOf = (lot: LockedLot) => toMilli(lot.unitsLeft);
  if (item.stockId) {
    const named = lots.find((lot) => lot.id === item.stockId);
    if (named && named.status !== 'available') return refusalFor(lots, needed, today, leftOf, named);
    const take = named ? Math.max(0, Math.min(needed, leftOf(named))) : 0;
    if (take !== needed) return { problem: 'not_enough', lotNumber: '' };
    return named && take > 0 ? [{ lot: named, milli: take }] : [];
  }
  const picking = pickFirstExpiry(lots, needed, today, leftOf);
  if (picking.short !== 0) return refusalFor(lots, needed, today, leftOf);
  return givingLots(picking).map(({ lot, units }) => ({ lot, milli: units }));
}

/** What a consumption will write and answer, decided while its lots are locked. */
export interface ConsumptionPlan {
  usages: NewUsage[];
  results: Consumption[];
}

/**
 * Plans taking units out of a location's stock inside the caller's transaction: the candidate lots
 * of every product are locked in one fixed order and picked first-expiry-first (expired ones only
 * when named). Any shortage throws, so a tray either consumes whole or not at all; the locks are
 * held until the caller commits, and the caller writes the plan's usage rows.
 */
export async function planConsumption(tx: Tx, items: ConsumeItem[], ctx: ConsumeContext): Promise<ConsumptionPlan> {
  const productIds = [...new Set(items.map((i) => i.productId))];
  const lots = await lockLots(tx, ctx.companyId, productIds);
  const left = new Map(lots.map((lot) => [lot.id, toMilli(lot.unitsLeft)]));
  const today = await locationDay(tx, ctx.companyId, ctx.at);
  const usages: NewUsage[] = [];
  const results: Consumption[] = [];
  for (const item of items) {
    // Units an earlier line of the same tray took are no longer there for this one.
    const available = lots.filter((lot) => lot.productId === item.productId).map((lot) => ({ ...lot, unitsLeft: fromMilli(left.get(lot.id) ?? 0) }));
    const picks = allocate(item, available, today);
    if (!Array.isArray(picks)) {
      const name = item.productName ?? (await productNames(tx, [item.productId])).get(item.productId);
      throw new StockShortage(item.productId, name ?? 'Product', picks);
    }
    for (const { lot, milli } of picks) {
      left.set(lot.id, (left.get(lot.id) ?? 0) - milli);
      usages.push({
        companyId: ctx.companyId,
        stockId: lot.id,
        productId: item.productId,
        kind: ctx.kind,
        quantity: fromMilli(milli),
        unitPrice: lot.unitPrice,
        note: ctx.note,
        userId: ctx.userId,
        treatmentLogProductId: item.treatmentLogProductId ?? null,
        createdAt: item.at ?? ctx.at,
      });
    }
    results.push({
      product_id: item.productId,
      quantity: item.quantity,
      cost: costOf(picks.map(({ lot, milli }) => ({ milli, unitPrice: lot.unitPrice }))),
      unit_price: picks.length === 1 ? picks[0]!.lot.unitPrice : -1,
      lots: picks.map(({ lot, milli }) => ({ stock_id: lot.id, lotNumber: lot.lotNumber, quantity: fromMilli(milli), unit_price: lot.unitPrice })),
    });
  }
  return { usages, results };
}
