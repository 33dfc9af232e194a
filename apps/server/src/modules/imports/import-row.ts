import {
  BARCODE_MESSAGE,
  BARCODE_PATTERN,
  BASIC_UNITS,
  CONTAINERS,
  defaultExpiryDate,
  IMPORT_DEFAULT_CONTAINER,
  IMPORT_STOCK_FIELDS,
  IMPORT_MESSAGES,
  isImportExampleRow,
  PRODUCT_TYPES,
  stockFormIssues,
  unitPriceOf,
  UNIT_CONTAINER_BASIC_UNITS,
  type BasicUnit,
  type Container,
  type ProductImportRowData,
  type ProductType,
} from '@clinic/domain';

export interface ImportedProductValues {
  name: string;
  barcode: string;
  type: ProductType;
  basicUnit: BasicUnit;
  container: Container;
  brand: string;
  manufacturerCode: string;
  categoryId: string | null;
  description: string;
  weightOrVolume: number | null;
  expiresAt: string | null;
}

/** A receipt of the product at the import's location. */
export interface ImportedStockValues {
  supplierId: string;
  containerQuantity: number;
  unitsPerContainer: number;
  pricePerContainer: number;
  unitPrice: number;
  lotNumber: string;
  expiryDate: string;
}

/** What the stock columns are checked against: the receiving location's suppliers by name, or none chosen. */
export interface StockLookup {
  suppliers: ReadonlyMap<string, string> | null;
  /** ISO date: a stock may not expire before it. */
  today: string;
}

export type RowOutcome = { ok: true; values: ImportedProductValues; stock: ImportedStockValues | null } | { ok: false; reason: string };

const wholeNumber = (value: string) => (/^\d{1,6}$/.test(value) && Number(value) >= 1 ? Number(value) : null);

/**
 * The stock columns of a row (spec section 5: containers, quantity, price per container and an
 * existing supplier are mandatory; otherwise no stock is added): problems, or the receipt. The
 * stock form's own rules (expiry, a consumable counted one unit per container) apply too.
 */
function stockOf(data: ProductImportRowData, type: ProductType | null, lookup: StockLookup, problems: string[]): ImportedStockValues | null {
  if (!IMPORT_STOCK_FIELDS.some((field) => (data[field] ?? '') !== '')) return null;
  const before = problems.length;
  if (!lookup.suppliers) problems.push(IMPORT_MESSAGES.stockNeedsLocation);
  const supplierName = data.supplier ?? '';
  const supplierId = supplierName ? (lookup.suppliers?.get(supplierName.toLowerCase()) ?? null) : null;
  if (!supplierName) problems.push(IMPORT_MESSAGES.stockRequired('Supplier'));
  else if (lookup.suppliers && !supplierId) problems.push(IMPORT_MESSAGES.supplierMissing(supplierName));
  const containers = data.containers ? wholeNumber(data.containers) : null;
  if (!data.containers) problems.push(IMPORT_MESSAGES.stockRequired('Number of Containers'));
  else if (containers === null) problems.push(IMPORT_MESSAGES.stockWholeNumber('Number of Containers'));
  const quantity = data.quantity ? wholeNumber(data.quantity) : null;
  if (!data.quantity) problems.push(IMPORT_MESSAGES.stockRequired('Quantity'));
  else if (quantity === null) problems.push(IMPORT_MESSAGES.stockWholeNumber('Quantity'));
  const price = data.price_per_container ? Number(data.price_per_container) : Number.NaN;
  if (!data.price_per_container) problems.push(IMPORT_MESSAGES.stockRequired('Price per Container'));
  else if (!(price >= 0) || price > 10_000_000) problems.push(IMPORT_MESSAGES.stockPrice);
  const expiryDate = data.stock_expiry_date ? parseUsDate(data.stock_expiry_date) : defaultExpiryDate(lookup.today);
  if (!expiryDate) problems.push(IMPORT_MESSAGES.stockExpiry);
  const lotNumber = (data.lot_number ?? '').slice(0, 100);
  if (type && containers !== null && quantity !== null && expiryDate) {
    const rules = stockFormIssues({ container_quantity: containers, units_per_container: quantity, price_per_container: price, expiry_date: expiryDate }, { productType: type, today: lookup.today, mode: 'add' });
    for (const issue of rules) problems.push(issue.field === 'expiry_date' ? IMPORT_MESSAGES.stockExpiry : `Quantity: ${issue.message}`);
  }
  if (problems.length > before || !supplierId || containers === null || quantity === null || !expiryDate) return null;
  return { supplierId, containerQuantity: containers, unitsPerContainer: quantity, pricePerContainer: price, unitPrice: unitPriceOf(price, quantity), lotNumber, expiryDate };
}

const oneOf = <T extends string>(list: readonly T[], value: string): T | null => list.find((item) => item === value.toLowerCase()) ?? null;

/**
 * mm/dd/yyyy (spec section 5) to an ISO date, or null when it is not a real date. An ISO
 * yyyy-mm-dd is taken too: that is how the reader gives an .xlsx file's date cells.
 */
export function parseUsDate(value: string): string | null {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!us && !iso) return null;
  const [month, day, year] = us ? [Number(us[1]), Number(us[2]), Number(us[3])] : [Number(iso![2]), Number(iso![3]), Number(iso![1])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * The import rules of spec section 5 for one row. Every problem of the row is reported at once,
 * so a person fixing it does not go round in circles.
 */
export function validateImportRow(data: ProductImportRowData, categoryIds: ReadonlyMap<string, string>, lookup: StockLookup): RowOutcome {
  if (isImportExampleRow(data.name)) return { ok: false, reason: IMPORT_MESSAGES.exampleRow };
  const problems: string[] = [];
  const name = data.name ?? '';
  const barcode = data.barcode ?? '';
  if (!name) problems.push(IMPORT_MESSAGES.required('Product Name'));
  else if (name.length > 200) problems.push('Product Name must be at most 200 characters');
  if (!barcode) problems.push(IMPORT_MESSAGES.required('Barcode'));
  else if (!BARCODE_PATTERN.test(barcode) || barcode.length > 64) problems.push(`${BARCODE_MESSAGE} (at most 64)`);

  const type = data.type ? oneOf(PRODUCT_TYPES, data.type) : null;
  if (!data.type) problems.push(IMPORT_MESSAGES.required('Type'));
  else if (!type) problems.push(IMPORT_MESSAGES.invalidType);

  const basicUnit = data.basic_unit ? oneOf(BASIC_UNITS, data.basic_unit) : null;
  if (!data.basic_unit) problems.push(IMPORT_MESSAGES.required('Basic Unit'));
  else if (!basicUnit) problems.push(IMPORT_MESSAGES.invalidBasicUnit(data.basic_unit));

  const container = data.container ? oneOf(CONTAINERS, data.container) : IMPORT_DEFAULT_CONTAINER;
  if (!container) problems.push(IMPORT_MESSAGES.invalidContainer(data.container ?? ''));
  if (container === 'unit' && basicUnit && !UNIT_CONTAINER_BASIC_UNITS.includes(basicUnit)) problems.push(IMPORT_MESSAGES.unitBasicUnit);

  let categoryId: string | null = null;
  if (data.category) {
    categoryId = categoryIds.get(data.category.toLowerCase()) ?? null;
    if (!categoryId) problems.push(IMPORT_MESSAGES.categoryMissing(data.category));
  }

  let weightOrVolume: number | null = null;
  if (data.weight_or_volume) {
    const weight = Number(data.weight_or_volume);
    if (!(weight > 0) || weight > 1_000_000) problems.push(IMPORT_MESSAGES.invalidNumber);
    else weightOrVolume = weight;
  }

  let expiresAt: string | null = null;
  if (data.expiry_date) {
    expiresAt = parseUsDate(data.expiry_date);
    if (!expiresAt) problems.push(IMPORT_MESSAGES.invalidExpiry);
  }

  const stock = stockOf(data, type, lookup, problems);

  if (problems.length > 0 || !type || !basicUnit || !container) return { ok: false, reason: problems.join('; ') };
  return {
    ok: true,
    stock,
    values: {
      name,
      barcode,
      type,
      basicUnit,
      container,
      brand: (data.brand ?? '').slice(0, 120),
      manufacturerCode: (data.manufacturer_code ?? '').slice(0, 64),
      categoryId,
      description: (data.description ?? '').slice(0, 2000),
      weightOrVolume,
      expiresAt,
    },
  };
}
