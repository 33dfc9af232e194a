// How much to order at a time (issue 51): every order costs staff time (and often shipping), every
// unit on the shelf ties up money. The economic order quantity (Harris, 1913) balances the two:
// Q* = √(2 × yearly use × cost per order / (holding rate × unit price)); here in whole packs, the
// better of the packs either side of Q*. A supplier's products ordered together pay the order's
// cost once, so each line carries its share (`linesPerOrder`).

/** Staff time to place, check in and pay an order (about half an hour), before any shipping. */
export const DEFAULT_ORDER_COST = 15;
/** Yearly cost of holding a dollar of stock: capital, space, expiry and loss (20–30% is usual). */
export const DEFAULT_HOLDING_RATE = 0.25;
/** Never more than this many days of use at once: expiry and shelf space bound a cheap item's order. */
export const MAX_ORDER_DAYS = 120;

export interface OrderCostInput {
  /** Expected units a day. */
  dailyUse: number;
  unitPrice: number;
  packSize: number;
  /** Dollars an order costs (staff time, shipping). */
  orderCost: number;
  /** Share of a unit's price it costs to hold it a year. */
  holdingRate: number;
  /** Products of this supplier usually on one order: the order's cost is shared among them. */
  linesPerOrder?: number;
}

export interface EconomicOrder {
  packs: number;
  units: number;
  /** Days of use one order lasts. */
  days: number;
  /** Yearly ordering plus holding (cycle stock) cost at this quantity. */
  yearlyCost: number;
  why: string;
}

const money = (x: number) => (x >= 100 ? `$${Math.round(x).toLocaleString('en-US')}` : `$${x.toFixed(2)}`);

/** Whole packs that balance ordering and holding cost; null without use or a usable price and pack. */
export function economicOrder(input: OrderCostInput): EconomicOrder | null {
  const { dailyUse, unitPrice, packSize } = input;
  if (!(dailyUse > 0) || !(unitPrice > 0) || !(packSize > 0)) return null;
  const orderCost = Number.isFinite(input.orderCost) && input.orderCost >= 0 ? input.orderCost : 0;
  const holdingRate = Number.isFinite(input.holdingRate) && input.holdingRate > 0 ? input.holdingRate : 0;
  const share = orderCost / Math.max(1, input.linesPerOrder ?? 1);
  const yearly = dailyUse * 365;
  const holding = holdingRate * unitPrice;
  const cost = (packs: number) => (share * yearly) / (packs * packSize) + (holding * packs * packSize) / 2;
  const ideal = holding > 0 ? Math.sqrt((2 * yearly * share) / holding) : Infinity;
  const natural = Math.floor((MAX_ORDER_DAYS * dailyUse) / packSize);
  const cap = Math.max(1, natural);
  const lower = Math.max(1, Math.floor(ideal / packSize));
  const upper = Math.max(1, Math.ceil(ideal / packSize));
  const best = cost(upper) < cost(lower) ? upper : lower;
  const packs = Math.min(best, cap);
  const units = packs * packSize;
  const days = units / dailyUse;
  const capped = best > cap;
  const pack = packSize === 1 ? `${units} unit${units === 1 ? '' : 's'}` : `${packs} pack${packs === 1 ? '' : 's'} of ${packSize}`;
  const lines = input.linesPerOrder ?? 1;
  const ordering = lines > 1 ? `ordering ${money(share)} a line (a ${money(orderCost)} order shared by ${Math.round(lines * 10) / 10} lines)` : `ordering ${money(orderCost)} an order`;
  const holdingText = `holding ${money(holding)} a unit a year`;
  const why = capped
    ? `${pack}, about ${Math.round(days)} days of use: at most ${MAX_ORDER_DAYS} days at once (cheaper ordering would suggest more)`
    : packs === 1 && (ideal < packSize || natural < 1)
      ? `${pack}, about ${Math.round(days)} days of use: the smallest pack; ${ordering}, ${holdingText}`
      : `${pack}, about every ${Math.round(days)} days: balances ${ordering} against ${holdingText}; ${Math.round(ideal)} unit${Math.round(ideal) === 1 ? '' : 's'} ideal`;
  return { packs, units, days, yearlyCost: cost(packs), why };
}
