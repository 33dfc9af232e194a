import { containersToReachMinimum, MarketplaceSearchQuerySchema, type Offer } from '@clinic/domain';
import { mapLimited } from '../../../lib/map-limited';
import { lookupMarketplaceProducts } from '../api/marketplace-api';
import { MAX_PACKS, type CartItem } from './cart';

/** Look-ups go out in parallel, at most this many at once, each asking for this many products. */
export const LOOKUP_CONCURRENCY = 4;
export const LOOKUP_PER_PAGE = 5;

/** A catalog product to buy; its barcode, when it has one, finds it more surely than its name. */
export interface ProductToBuy {
  id: string;
  name: string;
  barcode?: string | undefined;
}

export interface CheapestRequest {
  product: ProductToBuy;
  /** How many packs of the chosen offer to add, which depends on the offer's pack size. */
  packs: (offer: Offer) => number;
}

export type CheapestOutcome =
  | { kind: 'added'; product: ProductToBuy; item: CartItem }
  | { kind: 'noOffer'; product: ProductToBuy }
  | { kind: 'failed'; product: ProductToBuy; error: unknown };

const clampPacks = (packs: number) => Math.min(MAX_PACKS, Math.max(1, packs));

/**
 * The offer to buy: the lowest price per unit among the vendors that have the product in stock
 * (what the comparison ranks by), the cheaper pack on a tie. None when no vendor has it in stock.
 */
export function cheapestInStock(offers: readonly Offer[]): Offer | null {
  let best: Offer | null = null;
  for (const offer of offers) {
    if (!offer.in_stock) continue;
    if (!best || offer.unit_price < best.unit_price || (offer.unit_price === best.unit_price && offer.price < best.price)) best = offer;
  }
  return best;
}

/**
 * Packs for a running list line of `quantity` containers of `unitsPerContainer` units each. A
 * pack holds `packSize` basic units (what the offer's unit price divides by), so the units the
 * line orders are rounded up to whole packs: 3 boxes of 10 are 3 packs of 10, or 1 pack of 50.
 */
export function packsForContainers(quantity: number, unitsPerContainer: number, packSize: number): number {
  return clampPacks(Math.ceil((quantity * Math.max(1, unitsPerContainer)) / Math.max(1, packSize)));
}

/**
 * Packs that bring a low stock back to its minimum. An alert does not know how many units a
 * container holds, so a pack counts as its `packSize` units (the reorder suggestions' arithmetic).
 * At least one: the alert is there because stock is short.
 */
export function packsToReachMinimum(unitsInStock: number, minimum: number, packSize: number): number {
  return clampPacks(containersToReachMinimum(minimum, unitsInStock, packSize));
}

/** What the look-up searches for: the barcode if any, else the name (within the search's length). */
export function searchTermOf(product: ProductToBuy): string {
  const term = product.barcode?.trim() || product.name.trim();
  return term.slice(0, MarketplaceSearchQuerySchema.shape.search.unwrap().maxLength ?? term.length);
}

/** The product's cheapest in-stock offer as a cart line, or null when no vendor offers it in stock. */
export async function findCheapestLine(request: CheapestRequest): Promise<CartItem | null> {
  const page = await lookupMarketplaceProducts(searchTermOf(request.product), LOOKUP_PER_PAGE);
  // The search finds by text; only the product itself counts, not one with a similar name.
  const entry = page.results.find((result) => result.product.id === request.product.id);
  const offer = entry ? cheapestInStock(entry.offers) : null;
  if (!entry || !offer) return null;
  return {
    vendor: offer.vendor,
    sku: offer.sku,
    description: offer.description,
    product: { id: entry.product.id, name: entry.product.name },
    pack_size: offer.pack_size,
    quantity: clampPacks(request.packs(offer)),
    price: offer.price,
  };
}

/**
 * Adds each product's cheapest in-stock offer to the cart with `add`, looking them up in parallel
 * (at most LOOKUP_CONCURRENCY at once). Answers, in the requests' order, what happened to each:
 * added, offered by no vendor, or the look-up failed.
 */
export async function addCheapestToCart(requests: readonly CheapestRequest[], add: (item: CartItem) => void): Promise<CheapestOutcome[]> {
  return mapLimited(requests, LOOKUP_CONCURRENCY, async (request): Promise<CheapestOutcome> => {
    try {
      const item = await findCheapestLine(request);
      if (!item) return { kind: 'noOffer', product: request.product };
      add(item);
      return { kind: 'added', product: request.product, item };
    } catch (error) {
      return { kind: 'failed', product: request.product, error };
    }
  });
}

const names = (products: ProductToBuy[], joiner: 'conjunction' | 'disjunction') => new Intl.ListFormat('en', { type: joiner }).format(products.map((p) => p.name));

/** "No vendor offers Gloves or Bibs yet": the products the cart could not take. */
export const noOfferMessage = (products: ProductToBuy[]) => `No vendor offers ${names(products, 'disjunction')} yet`;
/** "Could not look up the offers of Gloves and Bibs": the look-ups that failed. */
export const lookupFailedMessage = (products: ProductToBuy[]) => `Could not look up the offers of ${names(products, 'conjunction')}`;
