// How much to order at a time (issue 51): every order costs staff time (and often shipping), every
// unit on the shelf ties up money. The economic order quantity (Harris, 1913) balances the two:
// Q* = √(2 × yearly use × cost per order / (holding rate × unit price)); here in whole packs, the
// better of the packs either side of Q*. A supplier's products ordered together pay the order's
// cost once, so each line carries its share (`linesPerOrder`). A supplier's shipping fee is part of
// the order's cost unless the order reaches its free-shipping threshold; each line is weighed as
// bringing its share of that threshold, so a larger order that ships free is chosen when the fee
// saved is worth more than the stock held.

import type { ForecastMethod } from './forecast';

/** Staff time to place, check in and pay an order (about half an hour), before any shipping. */
export const DEFAULT_ORDER_COST = 15;
/** Yearly cost of holding a dollar of stock: capital, space, expiry and loss (20–30% is usual). */
export const DEFAULT_HOLDING_RATE = 0.25;
/** Never more than this many days of use at once: expiry and shelf space bound a cheap item's order. */
export const MAX_ORDER_DAYS = 120;

/** What a supplier charges for shipping an order, and the order value from which it ships free (null: never). */
export interface ShippingTerms {
  fee: number;
  freeOver: number | null;
}

export interface OrderCostInput {
  /** Expected units a day. */
  dailyUse: number;
  unitPrice: number;
  packSize: number;
  /** Dollars an order costs (staff time), before shipping. */
  orderCost: number;
  /** Share of a unit's price it costs to hold it a year. */
  holdingRate: number;
  /** Products of this supplier usually on one order: the order's cost is shared among them. */
  linesPerOrder?: number;
  /** The supplier's shipping fee and free-shipping threshold at this location, when set. */
  shipping?: ShippingTerms | null;
}

/** What decided the quantity about shipping: nothing, raised to ship free, ships free anyway, the fee paid. */
export type ShippingDecision = 'none' | 'raised-to-ship-free' | 'ships-free' | 'fee-paid';

export interface EconomicOrder {
  packs: number;
  units: number;
  /** Days of use one order lasts. */
  days: number;
  /** Yearly ordering (staff time and shipping) plus holding (cycle stock) cost at this quantity. */
  yearlyCost: number;
  shipping: ShippingDecision;
  why: string;
  /** Yearly ordering plus cycle-stock holding cost at another whole number of packs. */
  costAt(packs: number): number;
}

const money = (x: number) => (x >= 100 ? `$${Math.round(x).toLocaleString('en-US')}` : `$${x.toFixed(2)}`);
const EPSILON = 1e-9;

function cleanShipping(shipping: ShippingTerms | null | undefined): ShippingTerms {
  const fee = shipping && Number.isFinite(shipping.fee) && shipping.fee > 0 ? shipping.fee : 0;
  const freeOver = shipping?.freeOver !== null && shipping?.freeOver !== undefined && Number.isFinite(shipping.freeOver) && shipping.freeOver > 0 ? shipping.freeOver : null;
  return { fee, freeOver };
}

/** Whole packs that balance ordering and holding cost; null without use or a usable price and pack. */
export function economicOrder(input: OrderCostInput): EconomicOrder | null {
  const { dailyUse, unitPrice, packSize } = input;
  if (!(dailyUse > 0) || !(unitPrice > 0) || !(packSize > 0)) return null;
  const orderCost = Number.isFinite(input.orderCost) && input.orderCost >= 0 ? input.orderCost : 0;
  const holdingRate = Number.isFinite(input.holdingRate) && input.holdingRate > 0 ? input.holdingRate : 0;
  const { fee, freeOver } = cleanShipping(input.shipping);
  const lines = Math.max(1, input.linesPerOrder ?? 1);
  const share = orderCost / lines;
  const feeShare = fee / lines;
  // The order value this line brings toward the supplier's free-shipping threshold.
  const freeShare = freeOver === null ? null : freeOver / lines;
  const yearly = dailyUse * 365;
  const holding = holdingRate * unitPrice;
  const shipsFree = (packs: number) => freeShare !== null && packs * packSize * unitPrice >= freeShare - EPSILON;
  const perOrder = (packs: number) => share + (fee > 0 && !shipsFree(packs) ? feeShare : 0);
  const cost = (packs: number) => (perOrder(packs) * yearly) / (packs * packSize) + (holding * packs * packSize) / 2;
  const idealFor = (perOrderCost: number) => (holding > 0 ? Math.sqrt((2 * yearly * perOrderCost) / holding) : Infinity);
  const natural = Math.floor((MAX_ORDER_DAYS * dailyUse) / packSize);
  const cap = Math.max(1, natural);
  // No holding cost: as large as the cap allows (twice the cap stands for "beyond it").
  const around = (ideal: number) => (Number.isFinite(ideal) ? [Math.max(1, Math.floor(ideal / packSize)), Math.max(1, Math.ceil(ideal / packSize))] : [2 * cap]);
  // Candidates: the packs either side of the ideal with the fee paid, without it (when that ships
  // free), and the fewest packs that reach the threshold. The cheapest within the cap wins.
  const withFee = around(idealFor(share + feeShare));
  const candidates = [...withFee, ...around(idealFor(share))];
  if (freeShare !== null && fee > 0) candidates.push(Math.max(1, Math.ceil(freeShare / (packSize * unitPrice) - EPSILON)));
  const cheapest = (list: number[]) => list.reduce((best, p) => (cost(p) < cost(best) - EPSILON || (Math.abs(cost(p) - cost(best)) <= EPSILON && p < best) ? p : best));
  const unbounded = cheapest(candidates);
  const packs = cheapest(candidates.map((p) => Math.min(p, cap)));
  // What the fee alone would have chosen: a quantity raised past it to ship free is shipping's doing.
  const feeOnly = Math.min(cheapest(withFee), cap);
  const units = packs * packSize;
  const days = units / dailyUse;
  const capped = unbounded > cap && packs === cap;
  const decision: ShippingDecision = fee === 0 ? 'none' : shipsFree(packs) ? (shipsFree(feeOnly) ? 'ships-free' : 'raised-to-ship-free') : 'fee-paid';
  const ideal = idealFor(perOrder(packs));
  const pack = packSize === 1 ? `${units} unit${units === 1 ? '' : 's'}` : `${packs} pack${packs === 1 ? '' : 's'} of ${packSize}`;
  const paysFee = decision === 'fee-paid';
  const orderText = paysFee ? `${money(orderCost)} order plus ${money(fee)} shipping` : `${money(orderCost)} order`;
  const ordering = lines > 1 ? `ordering ${money(perOrder(packs))} a line (a ${orderText} shared by ${Math.round(lines * 10) / 10} lines)` : paysFee ? `ordering ${money(orderCost)} an order plus ${money(fee)} shipping` : `ordering ${money(orderCost)} an order`;
  const holdingText = `holding ${money(holding)} a unit a year`;
  const threshold = freeOver === null ? '' : lines > 1 ? `${money(freeOver)}, this line's share ${money(freeShare!)}` : money(freeOver);
  const shippingText =
    decision === 'raised-to-ship-free'
      ? `; raised from ${feeOnly * packSize} to reach free shipping at ${threshold}: saves the ${money(fee)} shipping fee`
      : decision === 'ships-free'
        ? `; ships free (orders from ${threshold})`
        : decision === 'fee-paid' && freeOver !== null
          ? `; reaching free shipping at ${threshold} would cost more in stock held than the ${money(fee)} fee`
          : '';
  const why = capped
    ? `${pack}, about ${Math.round(days)} days of use: at most ${MAX_ORDER_DAYS} days at once (cheaper ordering would suggest more)${shippingText}`
    : packs === 1 && (ideal < packSize || natural < 1)
      ? `${pack}, about ${Math.round(days)} days of use: the smallest pack; ${ordering}, ${holdingText}${shippingText}`
      : decision === 'raised-to-ship-free'
        ? `${pack}, about every ${Math.round(days)} days: ${ordering} against ${holdingText}${shippingText}`
        : `${pack}, about every ${Math.round(days)} days: balances ${ordering} against ${holdingText}; ${Math.round(ideal)} unit${Math.round(ideal) === 1 ? '' : 's'} ideal${shippingText}`;
  return { packs, units, days, yearlyCost: cost(packs), shipping: decision, why, costAt: cost };
}

/** The levels a product was planned for overnight, as the suggested order reads them. */
export interface PlannedLevels {
  method: ForecastMethod;
  dailyUse: number;
  reorderPoint: number;
  /** At least the reorder point plus the planned order, and what booked appointments need. */
  orderUpTo: number;
}

/**
 * A product routed to another vendor than the supplier its levels were planned for (issue 51):
 * its order size weighed again with that vendor's pack, price, shipping terms and usual lines per
 * order, above the same reorder point. Only ever larger than the plan's: the reorder point was
 * chosen for the planned order size, and a smaller order over it would fill less than the target
 * (and could drop below what booked appointments need). Null where the plan stands: a size no
 * larger, occasional use (its order size and reorder point were chosen together), and a vendor
 * without a usable price or pack.
 */
export function orderSizeForVendor(plan: PlannedLevels, vendor: Omit<OrderCostInput, 'dailyUse'>): { orderUpTo: number; why: string } | null {
  if (plan.method === 'intermittent' || plan.method === 'none') return null;
  const order = economicOrder({ ...vendor, dailyUse: plan.dailyUse });
  if (!order || plan.reorderPoint + order.units <= plan.orderUpTo) return null;
  return { orderUpTo: plan.reorderPoint + order.units, why: order.why };
}
