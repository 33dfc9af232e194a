import { z } from 'zod';
import type { Db } from '../../../db/client';
import { productCodesOf, productsByCode } from '../../products/products.reads';
import { upsertVendorSupplier } from '../../suppliers/suppliers.writes';
import type { PlacementResult, VendorAdapter, VendorContext, VendorOffer, VendorStatus } from './vendor';
import { outboundFailureOf, outboundProblem, type OutboundFetch } from '../../outbound/outbound-fetch';

/** A distributor with an ordering API (docs/vendor-api.md), from MARKETPLACE_DISTRIBUTORS. */
export interface DistributorConfig {
  code: string;
  name: string;
  /** The API's base address, e.g. https://api.distributor.example/v1 */
  url: string;
  key: string;
  /** Where the supplier record says orders go (shown on the purchase order). */
  email?: string | undefined;
}

const ItemSchema = z.object({
  sku: z.string().min(1),
  description: z.string(),
  gtin: z.string().nullish(),
  manufacturer_code: z.string().nullish(),
  pack_size: z.number().int().min(1),
  price: z.number().min(0),
  in_stock: z.boolean(),
});
type Item = z.infer<typeof ItemSchema>;
const ItemsSchema = z.object({ items: z.array(ItemSchema) });
const OrderSchema = z.object({
  id: z.string().min(1),
  status: z.enum(['received', 'confirmed', 'shipped', 'delivered', 'cancelled']),
  shipment: z.object({ carrier: z.string().nullish(), tracking_url: z.string().nullish() }).nullish(),
});
const ErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** How long a vendor may take before the marketplace gives up on one call. */
const TIMEOUT_MS = 10_000;

/** An answer other than success; a 4xx is the vendor refusing, anything else a vendor not working. */
class VendorHttpError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
  }
}

/** Requests through the guarded fetch: the address connected to is checked, redirects are not followed. */
function client(config: DistributorConfig, send: OutboundFetch) {
  const base = config.url.replace(/\/$/, '');
  return async function call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    let response: Awaited<ReturnType<OutboundFetch>>;
    try {
      response = await send(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${config.key}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      // Refused, redirected or no connection, in words that say nothing of what answered where.
      throw new Error(outboundProblem(outboundFailureOf(error)), { cause: error });
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const problem = ErrorSchema.safeParse(json);
      throw new VendorHttpError(problem.success ? problem.data.error.message : `HTTP ${String(response.status)}`, response.status);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new VendorHttpError('The vendor answered in an unexpected form', response.status);
    return parsed.data;
  };
}

/** The vendor's order status in ours: a cancelled order is one that did not go through. */
function statusOf(order: z.infer<typeof OrderSchema>): VendorStatus | null {
  if (order.status === 'cancelled') return null;
  return { status: order.status === 'received' ? 'placed' : order.status, carrier: order.shipment?.carrier ?? null, trackingUrl: order.shipment?.tracking_url ?? null };
}

/**
 * Distributors reached through their ordering API, each a shared supplier (suppliers.vendor_code)
 * so that its orders are purchase orders like any other. `start()` keeps those suppliers in step
 * with the configuration; an adapter without distributors serves nobody.
 */
export function createDistributorVendors(db: Db, distributors: readonly DistributorConfig[], send: OutboundFetch) {
  /** Supplier id -> distributor, filled by start(). */
  const bySupplier = new Map<string, { config: DistributorConfig; call: ReturnType<typeof client> }>();

  async function matchProducts(context: VendorContext, items: Item[]): Promise<Map<string, string>> {
    const found = await productsByCode(db, context.companyId, {
      barcodes: [...new Set(items.map((i) => i.gtin).filter((g): g is string => Boolean(g)))],
      manufacturerCodes: [...new Set(items.map((i) => i.manufacturer_code).filter((c): c is string => Boolean(c)))],
    });
    const productOf = new Map<string, string>();
    for (const item of items) {
      const product = found.find((p) => (item.gtin && p.barcode === item.gtin) || (item.manufacturer_code && p.manufacturerCode === item.manufacturer_code));
      if (product) productOf.set(item.sku, product.id);
    }
    return productOf;
  }

  function offersOf(supplierId: string, name: string, items: Item[], productOf: Map<string, string>): VendorOffer[] {
    return items.map((i) => ({ vendorId: supplierId, vendorName: name, sku: i.sku, description: i.description, packSize: i.pack_size, price: i.price, inStock: i.in_stock, productId: productOf.get(i.sku) ?? null }));
  }

  const adapter: VendorAdapter & { start(): Promise<void> } = {
    kind: 'distributor',
    placesInTransaction: false,

    async start() {
      for (const config of distributors) {
        const supplier = await upsertVendorSupplier(db, { code: config.code, name: config.name, email: config.email ?? '' });
        bySupplier.set(supplier.id, { config, call: client(config, send) });
      }
    },

    serves(_context, vendorId) {
      const vendor = bySupplier.get(vendorId);
      return Promise.resolve(vendor ? { name: vendor.config.name } : null);
    },

    /** The codes of the items each distributor finds for a search term; a distributor that does not answer adds none. */
    async searchCodes(_context, term) {
      const answers = await Promise.all(
        [...bySupplier.values()].map(({ call }) => call('GET', `/catalog?q=${encodeURIComponent(term)}`, ItemsSchema).catch(() => ({ items: [] as Item[] }))),
      );
      const items = answers.flatMap((a) => a.items);
      return {
        barcodes: [...new Set(items.map((i) => i.gtin).filter((g): g is string => Boolean(g)))],
        manufacturerCodes: [...new Set(items.map((i) => i.manufacturer_code).filter((c): c is string => Boolean(c)))],
      };
    },

    async offers(context, productIds) {
      if (productIds.length === 0 || bySupplier.size === 0) return [];
      const codes = await productCodes(db, context, productIds);
      const answers = await Promise.all(
        [...bySupplier.entries()].map(async ([supplierId, { config, call }]) => {
          // A distributor that does not answer is left out of the comparison, not an error for the page.
          const { items } = await call('POST', '/catalog/lookup', ItemsSchema, codes).catch(() => ({ items: [] as Item[] }));
          return offersOf(supplierId, config.name, items, await matchProducts(context, items));
        }),
      );
      return answers.flat().filter((o) => o.productId && productIds.includes(o.productId));
    },

    async price(context, vendorId, skus) {
      const vendor = bySupplier.get(vendorId);
      if (!vendor) return new Map();
      const { items } = await vendor.call('POST', '/prices', ItemsSchema, { items: skus.map((sku) => ({ sku })) });
      const offers = offersOf(vendorId, vendor.config.name, items, await matchProducts(context, items));
      return new Map(offers.map((o) => [o.sku, o]));
    },

    async place(_context, order): Promise<PlacementResult> {
      const vendor = bySupplier.get(order.vendorId);
      if (!vendor) return { status: 'failed', error: 'The distributor is no longer configured' };
      try {
        const placed = await vendor.call(
          'POST',
          '/orders',
          OrderSchema,
          { reference: order.number, lines: order.lines.map((l) => ({ sku: l.sku, quantity: l.quantity, unit_price: l.price })) },
          { 'idempotency-key': order.idempotencyKey },
        );
        const status = statusOf(placed);
        if (!status) return { status: 'failed', error: `${vendor.config.name} cancelled the order` };
        return { status: status.status === 'confirmed' ? 'confirmed' : 'placed', reference: placed.id };
      } catch (error) {
        // A refusal (4xx) is final; a vendor down, slow or erring may have the order or not: the
        // same key sent again later settles it without ordering twice.
        if (error instanceof VendorHttpError && error.httpStatus >= 400 && error.httpStatus < 500) {
          return { status: 'failed', error: `${vendor.config.name} did not take the order: ${error.message}` };
        }
        const reason = error instanceof Error ? error.message : 'no answer';
        return { status: 'retry', error: `${vendor.config.name} could not be reached (${reason}); the order will be sent again` };
      }
    },

    async status(_context, vendorId, reference) {
      const vendor = bySupplier.get(vendorId);
      if (!vendor || !reference) return null;
      return statusOf(await vendor.call('GET', `/orders/${encodeURIComponent(reference)}`, OrderSchema));
    },
  };
  return adapter;
}

export type DistributorVendors = ReturnType<typeof createDistributorVendors>;

/** The GTINs (barcodes) and manufacturer codes of catalog products, for a catalog lookup. */
async function productCodes(db: Db, context: VendorContext, productIds: string[]) {
  const rows = await productCodesOf(db, context.companyId, productIds);
  return {
    gtins: rows.map((r) => r.barcode).filter(Boolean),
    manufacturer_codes: rows.map((r) => r.manufacturerCode).filter(Boolean),
  };
}
