import {
  readUdi,
  scanIsOtherProduct,
  CreateStockRequestSchema,
  defaultExpiryDate,
  stockFormIssues,
  UpdateStockRequestSchema,
  type CreateStockRequest,
  type ProductCodes,
  type ProductType,
  type Stock,
  type UpdateStockRequest,
} from '@clinic/domain';

export interface SerialLotRow {
  lotNumber: string;
  expiryDate: string;
  quantity?: number | undefined;
}

/** What the Add/Edit Stock dialog holds; numbers are undefined while their box is empty. */
export interface StockFormValues {
  supplier: { id: string; name: string } | null;
  container_quantity?: number | undefined;
  units_per_container?: number | undefined;
  price_per_container?: number | undefined;
  expiry_date: string;
  lotNumber: string;
  isConsignment: boolean;
  note: string;
  units_consumed?: number | undefined;
  units_remaining?: number | undefined;
  has_unique_lot: boolean;
  unique_lots: SerialLotRow[];
  /** The storage place a new lot goes to (issue 34); '' for the location's default place. */
  place_id: string;
}

export type StockFormField = keyof StockFormValues | `unique_lots.${number}.${keyof SerialLotRow}`;

export interface StockFormContext {
  productId: string;
  productType: ProductType;
  today: string;
  /** The stock being edited; none when adding. */
  stock?: Stock | undefined;
}

export function emptyStockForm(ctx: StockFormContext): StockFormValues {
  return {
    supplier: null,
    container_quantity: undefined,
    // Consumables are counted in units (spec section 5): one unit per "container".
    units_per_container: ctx.productType === 'consumable' ? 1 : undefined,
    price_per_container: undefined,
    expiry_date: defaultExpiryDate(ctx.today),
    lotNumber: '',
    isConsignment: false,
    note: '',
    units_consumed: undefined,
    units_remaining: undefined,
    has_unique_lot: false,
    unique_lots: [],
    place_id: '',
  };
}

export function stockFormFrom(stock: Stock): StockFormValues {
  return {
    supplier: stock.supplier,
    container_quantity: stock.container_quantity,
    units_per_container: stock.units_per_container,
    price_per_container: stock.price_per_container,
    expiry_date: stock.expiry_date ?? '',
    lotNumber: stock.lotNumber,
    isConsignment: stock.isConsignment,
    note: stock.note,
    units_consumed: undefined,
    units_remaining: undefined,
    has_unique_lot: false,
    unique_lots: [],
    place_id: '',
  };
}

/** A new serial lot row: one container, expiring a year from today unless the user says otherwise. */
export const newSerialLot = (today: string): SerialLotRow => ({ lotNumber: '', expiryDate: defaultExpiryDate(today), quantity: 1 });

/** Switching serial lots on starts one row per container already entered (spec: one row per container). */
export function serialLotsFor(values: StockFormValues, today: string): SerialLotRow[] {
  const rows = Math.min(Math.max(values.container_quantity ?? 1, 1), 50);
  return Array.from({ length: rows }, () => newSerialLot(today));
}

export function toCreateRequest(values: StockFormValues, ctx: StockFormContext): Partial<CreateStockRequest> {
  const serial = values.has_unique_lot;
  const lots = values.unique_lots.map((lot) => ({ lotNumber: lot.lotNumber, expiryDate: lot.expiryDate, quantity: lot.quantity }));
  return {
    product_id: ctx.productId,
    supplier_id: values.supplier?.id,
    container_quantity: serial ? lots.reduce((sum, lot) => sum + (lot.quantity ?? 0), 0) : values.container_quantity,
    units_per_container: serial ? 1 : values.units_per_container,
    price_per_container: values.price_per_container,
    expiry_date: serial ? null : values.expiry_date || null,
    lotNumber: serial ? undefined : values.lotNumber.trim(),
    isConsignment: values.isConsignment,
    note: values.note,
    units_consumed: serial ? undefined : values.units_consumed,
    has_unique_lot: serial,
    unique_lots: serial ? (lots as CreateStockRequest['unique_lots']) : undefined,
    place_id: values.place_id || undefined,
  };
}

/** Only what changed, plus the count the user entered (consumed or remaining). */
export function toUpdateRequest(values: StockFormValues, stock: Stock): UpdateStockRequest {
  const changes: UpdateStockRequest = {};
  if (values.supplier && values.supplier.id !== stock.supplier?.id) changes.supplier_id = values.supplier.id;
  if (values.container_quantity !== stock.container_quantity) changes.container_quantity = values.container_quantity as number;
  if (values.units_per_container !== stock.units_per_container) changes.units_per_container = values.units_per_container as number;
  if (values.price_per_container !== stock.price_per_container) changes.price_per_container = values.price_per_container as number;
  if ((values.expiry_date || null) !== stock.expiry_date) changes.expiry_date = values.expiry_date || null;
  if (values.lotNumber.trim() !== stock.lotNumber) changes.lotNumber = values.lotNumber.trim();
  if (values.isConsignment !== stock.isConsignment) changes.isConsignment = values.isConsignment;
  if (values.note !== stock.note) changes.note = values.note;
  if (values.units_consumed !== undefined) changes.units_consumed = values.units_consumed;
  if (values.units_remaining !== undefined) changes.units_remaining = values.units_remaining;
  return changes;
}

/**
 * Every rule of spec section 5, on every change: the shared request schema (types, minimums, the
 * note's length) and the shared cross-field rules the server runs too. First message per field.
 */
export function validateStockForm(values: StockFormValues, ctx: StockFormContext): Partial<Record<StockFormField, string>> {
  const errors: Partial<Record<StockFormField, string>> = {};
  const put = (field: string, message: string) => {
    const name = field.replace(/_id$/, '') === 'supplier' ? 'supplier' : field;
    errors[name as StockFormField] ??= message;
  };
  if (ctx.stock) {
    const request = { ...toUpdateRequest(values, ctx.stock) };
    const parsed = UpdateStockRequestSchema.safeParse(request);
    if (!parsed.success) for (const issue of parsed.error.issues) put(issue.path.join('.'), issue.message);
    const merged = {
      container_quantity: values.container_quantity,
      units_per_container: values.units_per_container,
      price_per_container: values.price_per_container,
      expiry_date: values.expiry_date || null,
      units_consumed: values.units_consumed,
      units_remaining: values.units_remaining,
    };
    const current = {
      unitsUsed: ctx.stock.units_used,
      unitsConsumed: ctx.stock.units_consumed,
      unitsRemoved: 0,
      expiryDate: ctx.stock.expiry_date,
    };
    for (const issue of stockFormIssues(merged, { productType: ctx.stock.has_unique_lot ? 'disposable' : ctx.productType, today: ctx.today, mode: 'edit', current })) put(issue.field, issue.message);
    for (const field of ['container_quantity', 'units_per_container', 'price_per_container'] as const) if (values[field] === undefined) put(field, 'Required');
    if (!values.supplier) put('supplier', 'Required');
    return errors;
  }
  const request = toCreateRequest(values, ctx);
  const parsed = CreateStockRequestSchema.safeParse(request);
  if (!parsed.success) for (const issue of parsed.error.issues) put(issue.path.join('.'), issue.message);
  for (const issue of stockFormIssues(request, { productType: ctx.productType, today: ctx.today, mode: 'add' })) put(issue.field, issue.message);
  return errors;
}

/** Containers x units per container - used - consumed (spec section 5), for the form's live readout. */
export function unitsRemainingOf(values: StockFormValues, stock?: Stock): number | null {
  if (values.has_unique_lot) return values.unique_lots.reduce((sum, lot) => sum + (lot.quantity ?? 0), 0);
  if (values.container_quantity === undefined || values.units_per_container === undefined) return null;
  if (values.units_remaining !== undefined) return values.units_remaining;
  const total = values.container_quantity * values.units_per_container;
  const consumed = values.units_consumed ?? stock?.units_consumed ?? 0;
  return total - (stock?.units_used ?? 0) - consumed;
}

export interface ScanResult {
  /** Values to set: only fields the user has not typed in. */
  changes: Partial<Pick<StockFormValues, 'lotNumber' | 'expiry_date' | 'unique_lots'>>;
  /** What the scan filled, or why it filled nothing, for a short notice. */
  message: string;
  ok: boolean;
}

/**
 * A UDI scan (GS1 DataMatrix or GS1-128, or an HIBC label) fills lot, expiry and serial in one
 * go. A field the user typed in is never overwritten; a code of another product (a GS1 code by
 * the barcode, an HIBC label by the manufacturer code), or a damaged code, fills nothing.
 */
export function fillFromScan(values: StockFormValues, typed: { lotNumber?: boolean; expiry_date?: boolean }, scanned: string, product: ProductCodes, today: string): ScanResult {
  const read = readUdi(scanned);
  if (!read.ok) return { changes: {}, message: read.message, ok: false };
  const udi = read.udi;
  if (scanIsOtherProduct(udi, product)) return { changes: {}, message: 'This barcode belongs to another product', ok: false };
  if (udi.standard === 'plain') return { changes: {}, message: 'This barcode has no lot or expiry to fill in', ok: false };
  const changes: ScanResult['changes'] = {};
  const filled: string[] = [];
  if (udi.expiry && udi.expiry < today) return { changes: {}, message: `The scanned lot expired on ${udi.expiry}`, ok: false };
  if (values.has_unique_lot) {
    const serial = udi.serial ?? udi.lot;
    const index = values.unique_lots.findIndex((lot) => !lot.lotNumber.trim());
    if (serial && index !== -1 && !values.unique_lots.some((lot) => lot.lotNumber === serial)) {
      changes.unique_lots = values.unique_lots.map((lot, i) => (i === index ? { ...lot, lotNumber: serial, expiryDate: udi.expiry ?? lot.expiryDate } : lot));
      filled.push(`serial number ${serial}`);
    }
  } else {
    const lot = udi.lot ?? udi.serial;
    if (lot && !typed.lotNumber && !values.lotNumber.trim()) {
      changes.lotNumber = lot;
      filled.push(`lot ${lot}`);
    }
    if (udi.expiry && !typed.expiry_date) {
      changes.expiry_date = udi.expiry;
      filled.push(`expiry ${udi.expiry}`);
    }
  }
  return filled.length > 0 ? { changes, message: `Filled ${filled.join(' and ')}`, ok: true } : { changes, message: 'Nothing to fill: those fields already have values', ok: false };
}
