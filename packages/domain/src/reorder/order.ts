// What to order today, and how long the shelf lasts.
import type { DemandForecast } from './forecast';
import type { LeadTimeEstimate } from './lead-time';
import type { ReorderLevels } from './levels';

export interface OrderQuantityInput {
  /** Usable units on hand (not expired, not quarantined). */
  onHand: number;
  /** Units on purchase orders sent and not yet received. */
  onOrder: number;
  levels: Pick<ReorderLevels, 'reorderPoint' | 'orderUpTo'>;
  /** Units in the vendor's pack: orders are whole packs. */
  packSize: number;
  /** The vendor's price, when known: a price of 0 or less is a data error and orders nothing. */
  unitPrice?: number;
}

export interface OrderSuggestion {
  units: number;
  packs: number;
  /** Why nothing is ordered when the data is at fault. */
  reason?: string;
}

const EPSILON = 1e-9;

function units(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * Units to order: nothing while usable + on order is above the reorder point; otherwise up to
 * the order-up-to level, less what is on hand and on order, rounded up to whole packs (the
 * inventory position, so an order on its way is not ordered twice).
 */
export function orderQuantity(input: OrderQuantityInput): OrderSuggestion {
  const { packSize, unitPrice, levels } = input;
  if (!Number.isFinite(packSize) || packSize <= 0) {
    return { units: 0, packs: 0, reason: 'The vendor\'s pack size is missing or 0: set it to order this product' };
  }
  if (unitPrice !== undefined && !(Number.isFinite(unitPrice) && unitPrice > 0)) {
    return { units: 0, packs: 0, reason: 'The vendor\'s price is missing or 0: set it to order this product' };
  }
  const position = units(input.onHand) + units(input.onOrder);
  if (position > levels.reorderPoint) return { units: 0, packs: 0 };
  const wanted = levels.orderUpTo - position;
  if (!(wanted > 0)) return { units: 0, packs: 0 };
  const packs = Math.ceil(wanted / packSize - EPSILON);
  return { units: packs * packSize, packs };
}

export interface DaysOfCover {
  /** Usable units / forecast daily use; null without a forecast. */
  days: number | null;
  /** True when the shelf empties before a delivery ordered today arrives: the "runs out in N days" alert. */
  runsOutBeforeDelivery: boolean;
}

/** Days the usable units last at the forecast's daily use, against the supplier's lead time. */
export function daysOfCover(usable: number, forecast: Pick<DemandForecast, 'method' | 'dailyMean'>, leadTime: Pick<LeadTimeEstimate, 'days'>): DaysOfCover {
  if (forecast.method === 'none' || !(forecast.dailyMean > 0)) return { days: null, runsOutBeforeDelivery: false };
  const days = units(usable) / forecast.dailyMean;
  return { days, runsOutBeforeDelivery: days < leadTime.days };
}

/** A product joins an order already going to its supplier when its position is this far, or less, into its order quantity. */
export const JOIN_SHARE = 0.5;

/**
 * Joining an order already going out (issue 51; a can-order level, Balintfy 1964): the supplier's
 * order costs its staff time and shipping once, so a product of the same supplier that would be
 * due soon (usable + on order at or below its reorder point plus half its order quantity) goes on
 * it now, ordered up to its level in whole packs, instead of costing an order of its own later.
 */
export function joinQuantity(input: OrderQuantityInput): OrderSuggestion {
  const { levels } = input;
  const canOrder = levels.reorderPoint + JOIN_SHARE * Math.max(0, levels.orderUpTo - levels.reorderPoint);
  const lifted = { reorderPoint: Math.floor(canOrder), orderUpTo: levels.orderUpTo };
  return orderQuantity({ ...input, levels: lifted });
}
