import { DEMO_PRODUCTS, type DemoProduct } from './demo-catalog-data';

/** One row of a demo price list, as the supplier's spreadsheet would have it. */
export interface DemoPriceRow {
  sku: string;
  description: string;
  barcode: string;
  manufacturerCode: string;
  packSize: number;
  price: number;
  inStock: boolean;
}

/**
 * Which supplier sells what, and how it prices against the others: the three dental distributors
 * overlap on the everyday categories at different prices (and one sells some lines in packs of
 * five), the two aesthetics houses on fillers, toxins and skincare; the local lab sells
 * impression materials. Each list also carries items the catalog does not have.
 */
const SUPPLIER_RANGES: { supplier: string; prefix: string; categories: string[]; factor: number; fivePacks?: boolean; byCode?: boolean; extras: string[] }[] = [
  { supplier: 'Henry Schein Dental', prefix: 'HS', categories: ['Composites & Restoratives', 'Anesthetics', 'Gloves & PPE', 'Infection Control', 'Prophylaxis'], factor: 1, extras: ['Henry Schein Cotton Rolls #2 Medium (2000)'] },
  { supplier: 'Patterson Dental', prefix: 'PD', categories: ['Composites & Restoratives', 'Anesthetics', 'Gloves & PPE', 'Endodontics'], factor: 0.94, byCode: true, extras: ['Patterson Saliva Ejectors Clear (100)'] },
  { supplier: 'Benco Dental', prefix: 'BD', categories: ['Composites & Restoratives', 'Gloves & PPE', 'Infection Control', 'Cements & Bonding'], factor: 1.05, fivePacks: true, extras: ['Benco Bibs 2-Ply Blue (500)'] },
  { supplier: 'Allergan Aesthetics', prefix: 'AA', categories: ['Dermal Fillers', 'Neurotoxins', 'Skincare & Peels'], factor: 1, extras: ['Allergan Practice Starter Kit'] },
  { supplier: 'Galderma', prefix: 'GA', categories: ['Dermal Fillers', 'Neurotoxins', 'Skincare & Peels'], factor: 0.97, byCode: true, extras: ['Galderma Aftercare Samples (50)'] },
  { supplier: 'Capitol City Dental Lab', prefix: 'CC', categories: ['Impression Materials'], factor: 1.1, extras: ['Custom Impression Tray (lab fabricated)', 'Night Guard, Hard/Soft (lab fabricated)'] },
];

/** A steady list price per product (no randomness: the demo looks the same on every start). */
function basePrice(product: DemoProduct): number {
  let hash = 0;
  for (const char of product.name) hash = (hash * 31 + char.charCodeAt(0)) % 100_003;
  const dollars = product.category === 'Dermal Fillers' || product.category === 'Neurotoxins' ? 240 + (hash % 380) : 6 + (hash % 140);
  return dollars + (hash % 100) / 100;
}

/** Every supplier's price list, by supplier name. */
export function demoPriceLists(): Map<string, DemoPriceRow[]> {
  const lists = new Map<string, DemoPriceRow[]>();
  for (const range of SUPPLIER_RANGES) {
    const rows: DemoPriceRow[] = DEMO_PRODUCTS.filter((p) => range.categories.includes(p.category))
      // Not every supplier carries every product of its categories.
      .filter((_, index) => (index + range.prefix.charCodeAt(0)) % 4 !== 0)
      .map((product, index) => {
        const packSize = range.fivePacks && index % 3 === 0 ? 5 : 1;
        // A five-pack is a little cheaper per unit: the comparison shows it.
        const price = Math.round(basePrice(product) * range.factor * packSize * (packSize > 1 ? 0.95 : 1) * 100) / 100;
        return {
          sku: `${range.prefix}-${String(1000 + index)}`,
          description: packSize > 1 ? `${product.name} (pack of ${String(packSize)})` : product.name,
          // Some suppliers' exports carry only their manufacturer's code: matched by that.
          barcode: range.byCode ? '' : product.barcode,
          manufacturerCode: product.manufacturerCode,
          packSize,
          price,
          inStock: index % 11 !== 5,
        };
      });
    range.extras.forEach((description, index) =>
      rows.push({ sku: `${range.prefix}-9${String(index).padStart(3, '0')}`, description, barcode: '', manufacturerCode: '', packSize: 1, price: 19.5 + index * 10, inStock: true }),
    );
    lists.set(range.supplier, rows);
  }
  return lists;
}

/** The price list as the CSV file a supplier sends. */
export function priceListFile(rows: DemoPriceRow[]): Buffer {
  const cell = (value: string) => (/[",]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const lines = rows.map((r) => [r.sku, r.description, r.barcode, r.manufacturerCode, String(r.packSize), r.price.toFixed(2), r.inStock ? 'yes' : 'no'].map(cell).join(','));
  return Buffer.from(['Vendor SKU,Description,Barcode,Manufacturer code,Pack size,Price,In stock', ...lines].join('\r\n'));
}

/** The two past marketplace orders: what was bought from whom, and how far each got. */
export const DEMO_MARKETPLACE_ORDERS = [
  { supplier: 'Henry Schein Dental', placedDaysAgo: 12, lines: 2, quantity: 4, shippedDaysAgo: 10, deliveredDaysAgo: 8, carrier: 'UPS', tracking: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' },
  { supplier: 'Patterson Dental', placedDaysAgo: 3, lines: 3, quantity: 2, shippedDaysAgo: 1, carrier: 'FedEx', tracking: 'https://www.fedex.com/fedextrack/?trknbr=771234567890' },
] as const;
