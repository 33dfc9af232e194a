import type { VendorKind, VendorOrderStatus } from '@clinic/domain';
import type { Tx } from '../../../db/client';

/** One item a vendor offers, as the marketplace compares and orders it. */
export interface VendorOffer {
  vendorId: string;
  vendorName: string;
  sku: string;
  description: string;
  /** Basic units in one pack. */
  packSize: number;
  /** Dollars per pack. */
  price: number;
  inStock: boolean;
  /** The catalog product the item matches (GTIN/barcode or manufacturer code); null when none. */
  productId: string | null;
}

/** An issued purchase order handed to its vendor. */
export interface VendorOrderRequest {
  vendorId: string;
  purchaseOrderId: string;
  number: string;
  /** Sent to the vendor so that a retried placement counts once there too. */
  idempotencyKey: string;
  lines: { sku: string; quantity: number; price: number }[];
}

/**
 * What a vendor said to an order: taken (with its reference), refused (failed for good), or not
 * reached (`retry`: the status job sends it again under the same key until it answers).
 */
export type PlacementResult = { status: 'placed' | 'confirmed'; reference: string | null } | { status: 'failed' | 'retry'; error: string };

/** Where an order stands at its vendor. */
export interface VendorStatus {
  status: Exclude<VendorOrderStatus, 'placing' | 'failed'>;
  carrier: string | null;
  trackingUrl: string | null;
}

/** Whose marketplace it is: the location ordering. */
export interface VendorContext {
  companyId: string;
}

/**
 * One kind of vendor: the location's own suppliers with price lists, or a distributor's ordering
 * API. The marketplace compares, prices, orders and follows orders only through this interface.
 */
export interface VendorAdapter {
  readonly kind: VendorKind;
  /** Does this adapter serve the vendor (a supplier id)? */
  serves(context: VendorContext, vendorId: string): Promise<{ name: string } | null>;
  /**
   * The GTINs and manufacturer codes of what this kind's vendors find for a search term (empty:
   * their first page), for vendors whose catalogs live with them; the location's price lists are
   * searched in the database instead.
   */
  searchCodes?(context: VendorContext, term: string): Promise<{ barcodes: string[]; manufacturerCodes: string[] }>;
  /** What this kind's vendors offer for these catalog products (the comparison). */
  offers(context: VendorContext, productIds: string[]): Promise<VendorOffer[]>;
  /** One vendor's current offers for these item numbers; an item it no longer offers is absent. */
  price(context: VendorContext, vendorId: string, skus: string[]): Promise<Map<string, VendorOffer>>;
  /**
   * Hands the order to the vendor. Called in the transaction that issued the order when
   * `placesInTransaction` (nothing leaves the database), after it commits otherwise.
   */
  readonly placesInTransaction: boolean;
  place(context: VendorContext, order: VendorOrderRequest, tx?: Tx): Promise<PlacementResult>;
  /** Where the order stands now at the vendor; null when only the clinic can tell (it sets the steps by hand). */
  status(context: VendorContext, vendorId: string, reference: string | null): Promise<VendorStatus | null>;
}
