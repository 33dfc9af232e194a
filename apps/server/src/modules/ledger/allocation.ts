import { fromCents, STOCK_MESSAGES, type Consumption, type UsageKind } from '@clinic/domain';
import type { Tx } from '../../db/client';
import { AppError } from '../../core/errors';
import { isoDay } from '../../clock';
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

const PROBLEM_MESSAGES: Record<StockProblem, (product: string) => string> = {
  not_enough: STOCK_MESSAGES.notEnoughStock,
  expired: STOCK_MESSAGES.expiredStock,
  recalled: STOCK_MESSAGES.recalledStock,
  quarantined: STOCK_MESSAGES.quarantinedStock,
};

/** '{product} - Not enough stock' / '- Expired stock' / '- Recalled stock', with the product for the tray. */
export class StockShortage extends AppError {
  constructor(
    readonly productId: string,
    readonly productName: string,
    readonly problem: StockProblem,
  ) {
    super('CONFLICT', PROBLEM_MESSAGES[problem](productName), {
      details: { product_id: productId, product_name: productName, problem },
    });
  }
}

function isUsable(lot: LockedLot, today: string): boolean {
  return lot.expiryDate === null || lot.expiryDate >= today;
}

/**
 * Which lots give the units, first expiry first; a shortage says whether expired lots were the
 * reason. Recalled and quarantined lots never give units: skipped, or refused when named.
 */
export function allocate(item: ConsumeItem, lots: LockedLot[], today: string): { lot: LockedLot; milli: number }[] | StockProblem {
  let needed = toMilli(item.quantity);
  const named = item.stockId ? lots.find((lot) => lot.id === item.stockId) : undefined;
  if (named && named.status !== 'available') return named.status;
  const available = lots.filter((lot) => lot.status === 'available');
  const candidates = item.stockId ? available.filter((lot) => lot.id === item.stockId) : available.filter((lot) => isUsable(lot, today));
  const picks: { lot: LockedLot; milli: number }[] = [];
  for (const lot of candidates) {
    if (needed === 0) break;
    const take = Math.min(needed, toMilli(lot.unitsLeft));
    if (take <= 0) continue;
    picks.push({ lot, milli: take });
    needed -= take;
  }
  if (needed === 0) return picks;
  if (item.stockId) return 'not_enough';
  const withExpired = available.reduce((sum, lot) => sum + toMilli(lot.unitsLeft), 0);
  return withExpired >= toMilli(item.quantity) ? 'expired' : 'not_enough';
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
  const usages: NewUsage[] = [];
  const results: Consumption[] = [];
  for (const item of items) {
    // Units an earlier line of the same tray took are no longer there for this one.
    const available = lots.filter((lot) => lot.productId === item.productId).map((lot) => ({ ...lot, unitsLeft: fromMilli(left.get(lot.id) ?? 0) }));
    const picks = allocate(item, available, isoDay(ctx.at));
    if (typeof picks === 'string') {
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
