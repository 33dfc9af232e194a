import { cartLineTotal, MARKETPLACE_MESSAGES, type CartLine, type CheckedLine, type VendorRef } from '@clinic/domain';
import type { VendorAdapter, VendorContext, VendorOffer } from './vendors/vendor';

export interface ResolvedVendor {
  ref: VendorRef;
  adapter: VendorAdapter;
}

/** Finds the adapter serving a vendor of the location; null when none does (unknown, foreign or without prices). */
export async function resolveVendor(adapters: readonly VendorAdapter[], context: VendorContext, vendorId: string): Promise<ResolvedVendor | null> {
  for (const adapter of adapters) {
    const served = await adapter.serves(context, vendorId);
    if (served) return { adapter, ref: { id: vendorId, name: served.name, kind: adapter.kind } };
  }
  return null;
}

function checkedLine(line: CartLine, vendor: VendorRef, offer: VendorOffer | undefined): CheckedLine {
  if (!offer) {
    return { ...line, vendor, product_id: null, description: '', pack_size: 1, current_price: null, in_stock: false, changed: true, problem: MARKETPLACE_MESSAGES.unavailable, total: 0 };
  }
  return {
    ...line,
    vendor,
    product_id: offer.productId,
    description: offer.description,
    pack_size: offer.packSize,
    current_price: offer.price,
    in_stock: offer.inStock,
    changed: offer.price !== line.price,
    problem: offer.productId ? null : MARKETPLACE_MESSAGES.notMatched,
    total: cartLineTotal(line.quantity, offer.price),
  };
}

/**
 * Prices every line of a cart with its vendor as of now, one call per vendor. A line whose vendor
 * is unknown or no longer offers the item comes back with a problem and no price.
 */
export async function repriceCart(adapters: readonly VendorAdapter[], context: VendorContext, lines: CartLine[]): Promise<{ lines: CheckedLine[]; vendors: Map<string, ResolvedVendor> }> {
  const vendorIds = [...new Set(lines.map((l) => l.vendor_id))];
  const vendors = new Map<string, ResolvedVendor>();
  const offers = new Map<string, Map<string, VendorOffer>>();
  const unreachable = new Set<string>();
  await Promise.all(
    vendorIds.map(async (vendorId) => {
      const vendor = await resolveVendor(adapters, context, vendorId);
      if (!vendor) return;
      vendors.set(vendorId, vendor);
      const skus = lines.filter((l) => l.vendor_id === vendorId).map((l) => l.sku);
      // A vendor that does not answer cannot confirm its prices: its lines say so, the others stand.
      const priced = await vendor.adapter.price(context, vendorId, skus).catch(() => null);
      if (priced) offers.set(vendorId, priced);
      else unreachable.add(vendorId);
    }),
  );
  const checked = lines.map((line) => {
    const vendor = vendors.get(line.vendor_id);
    if (!vendor) {
      const unknown: VendorRef = { id: line.vendor_id, name: '', kind: 'supplier' };
      return { ...checkedLine(line, unknown, undefined), problem: MARKETPLACE_MESSAGES.vendorNotFound };
    }
    if (unreachable.has(line.vendor_id)) return { ...checkedLine(line, vendor.ref, undefined), current_price: line.price, problem: MARKETPLACE_MESSAGES.vendorUnreachable(vendor.ref.name) };
    return checkedLine(line, vendor.ref, offers.get(line.vendor_id)?.get(line.sku));
  });
  return { lines: checked, vendors };
}
