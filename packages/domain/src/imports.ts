import { z } from './zod';
import { UuidSchema } from './fields';
import { PageQuerySchema, pageOf } from './pagination';

/**
 * The product import CSV (spec section 5, "Import rules"). Headers are matched case-insensitively;
 * the template lists them in this order.
 */
export const PRODUCT_IMPORT_COLUMNS = [
  { key: 'name', header: 'Product Name', required: true, example: 'Filtek Supreme Ultra A2 Body' },
  { key: 'barcode', header: 'Barcode', required: true, example: '707387701263' },
  { key: 'type', header: 'Type', required: true, example: 'consumable' },
  { key: 'basic_unit', header: 'Basic Unit', required: true, example: 'gram' },
  { key: 'container', header: 'Container', required: false, example: 'tube' },
  { key: 'brand', header: 'Brand', required: false, example: '3M' },
  { key: 'manufacturer_code', header: 'Manufacturer Code', required: false, example: '6028A2B' },
  { key: 'category', header: 'Category', required: false, example: 'Composites & Restoratives' },
  { key: 'description', header: 'Description', required: false, example: 'Nanofill composite, 4 g syringe' },
  { key: 'weight_or_volume', header: 'Weight or Volume', required: false, example: '4' },
  { key: 'expiry_date', header: 'Expiry Date', required: false, example: '12/31/2027' },
  // Stock received with the product at the import's location (spec section 5, "Import rules").
  { key: 'supplier', header: 'Supplier', required: false, example: 'Henry Schein Dental' },
  { key: 'containers', header: 'Number of Containers', required: false, example: '2' },
  { key: 'quantity', header: 'Quantity', required: false, example: '1' },
  { key: 'price_per_container', header: 'Price per Container', required: false, example: '54.90' },
  { key: 'lot_number', header: 'Lot Number', required: false, example: 'N123456' },
  { key: 'stock_expiry_date', header: 'Stock Expiry Date', required: false, example: '06/30/2027' },
] as const;
/** The columns that make a row carry stock: any of them filled asks for all the mandatory ones. */
export const IMPORT_STOCK_FIELDS = ['supplier', 'containers', 'quantity', 'price_per_container', 'lot_number', 'stock_expiry_date'] as const;
export type ProductImportField = (typeof PRODUCT_IMPORT_COLUMNS)[number]['key'];
/** One CSV row by field, as read (text); corrections are sent the same way. */
export type ProductImportRowData = Partial<Record<ProductImportField, string>>;

/**
 * The template's example row starts its Product Name with this mark, and the importer refuses any
 * row that does (IMPORT_MESSAGES.exampleRow): a template sent back with the example left in does
 * not add a made-up product to the shared catalog.
 */
export const IMPORT_EXAMPLE_MARK = 'EXAMPLE (not imported)';
export const isImportExampleRow = (name: string | undefined) => (name ?? '').trim().toUpperCase().startsWith(IMPORT_EXAMPLE_MARK.toUpperCase());

/** Containers default to this when the column is blank: a product sold by the piece. */
export const IMPORT_DEFAULT_CONTAINER = 'each';

export const IMPORT_MESSAGES = {
  unreadable: 'The file could not be read. Upload a .csv or .xlsx file.',
  empty: 'The file has no rows',
  missingColumn: (header: string) => `Missing column: ${header}`,
  unknownColumn: (header: string) => `Unknown column: ${header}`,
  tooManyRows: (max: number) => `The file has more than ${String(max)} rows`,
  required: (header: string) => `${header} is required`,
  categoryMissing: (name: string) => `Category '${name}' does not exist`,
  invalidType: 'Type must be consumable or disposable',
  invalidContainer: (value: string) => `Container '${value}' is not one of the allowed containers`,
  invalidBasicUnit: (value: string) => `Basic unit '${value}' is not one of the allowed units`,
  unitBasicUnit: 'A product sold by the unit is counted in cartridges or items',
  invalidExpiry: 'Expiry date must be mm/dd/yyyy',
  invalidNumber: 'Weight or volume must be a number greater than 0',
  duplicateInFile: 'The same product name or barcode appears earlier in the file',
  exists: 'Product already exists',
  exampleRow: 'This is the template\'s example row, which is never imported: delete it, or replace it with a product of yours',
  started: 'Import started',
  rowFixed: 'Row imported',
  rowStillFailing: 'The row still has problems',
  stockNeedsLocation: 'Choose the location that receives the stock, then import the row again',
  stockRequired: (header: string) => `${header} is required for stock`,
  supplierMissing: (name: string) => `Supplier '${name}' does not exist, so the stock is not added`,
  stockWholeNumber: (header: string) => `${header} must be a whole number of at least 1`,
  stockPrice: 'Price per Container must be a number of 0 or more',
  stockExpiry: 'Stock Expiry Date must be mm/dd/yyyy and not in the past',
} as const;

/** Rows per file: a 50 MB CSV holds far fewer products than this. */
export const MAX_IMPORT_ROWS = 200_000;

export const IMPORT_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_ROW_STATUSES = ['succeeded', 'failed'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export const CreateProductImportRequestSchema = z.object({
  /** The public_url of an upload of type product_csv_import. */
  file_url: z.string().trim().min(1, 'Required').max(500),
  /** The location that receives the rows' stock columns (the admin's import names a client location). */
  location_id: UuidSchema.optional(),
});
export type CreateProductImportRequest = z.infer<typeof CreateProductImportRequestSchema>;

export const ProductImportSchema = z.object({
  id: UuidSchema,
  file_name: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** Why the whole file was refused (status failed); null otherwise. */
  error: z.string().nullable(),
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  succeeded_rows: z.number().int(),
  failed_rows: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** The location that received the stock columns, if one was chosen. */
  stock_location_id: UuidSchema.nullable(),
  /**
   * Cut off by its server stopping (killed, restarted) and taken up again: when, and how many rows
   * were done by then (the import went on after them). The last such time; null if it ran through.
   */
  resumed: z.object({ at: z.string(), after_rows: z.number().int() }).nullable(),
});
export type ProductImport = z.infer<typeof ProductImportSchema>;
export const ProductImportPageSchema = pageOf(ProductImportSchema);

export const ProductImportRowSchema = z.object({
  id: UuidSchema,
  row_number: z.number().int(),
  status: z.enum(IMPORT_ROW_STATUSES),
  reason: z.string().nullable(),
  data: z.record(z.string(), z.string()),
  product_id: UuidSchema.nullable(),
});
export type ProductImportRow = z.infer<typeof ProductImportRowSchema>;

export const ProductImportDetailSchema = ProductImportSchema.extend({
  rows: pageOf(ProductImportRowSchema),
});
export type ProductImportDetail = z.infer<typeof ProductImportDetailSchema>;

export const ProductImportRowsQuerySchema = PageQuerySchema.extend({
  status: z.enum(IMPORT_ROW_STATUSES).optional(),
});
export type ProductImportRowsQuery = z.infer<typeof ProductImportRowsQuerySchema>;

const cell = z.string().trim().max(2000, 'Must be at most 2000 characters');
export const FixImportRowRequestSchema = z.object(
  Object.fromEntries(PRODUCT_IMPORT_COLUMNS.map((c) => [c.key, cell.optional()])) as Record<ProductImportField, z.ZodOptional<typeof cell>>,
);
export type FixImportRowRequest = z.infer<typeof FixImportRowRequestSchema>;

/** The template users download from the import page and its instructions. */
export function productImportTemplateCsv(): string {
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  // The example row is marked so the importer refuses it (IMPORT_EXAMPLE_MARK). Its stock cells
  // stay empty: they need a supplier of the receiving location.
  const stock = new Set<string>(IMPORT_STOCK_FIELDS);
  const cellOf = (c: (typeof PRODUCT_IMPORT_COLUMNS)[number]) => (c.key === 'name' ? `${IMPORT_EXAMPLE_MARK} ${c.example}` : c.example);
  const example = PRODUCT_IMPORT_COLUMNS.map((c) => (stock.has(c.key) ? '' : quote(cellOf(c))));
  return `${PRODUCT_IMPORT_COLUMNS.map((c) => quote(c.header)).join(',')}\n${example.join(',')}\n`;
}
