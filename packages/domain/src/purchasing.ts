import { z } from './zod';
import { ExpiryDaySchema, UuidSchema } from './fields';
import { PageQuerySchema, QueryBooleanSchema, pageOf } from './pagination';
import { BasicUnitSchema, ContainerSchema, ProductTypeSchema } from './products';
import { ConfirmDuplicateSchema } from './duplicate-receipt';
import { IdempotencyKeySchema, STOCK_MESSAGES } from './stock';
import { amountOf } from './money';
import { LineRequesterSchema } from './product-requests';

/** Spec section 8 words the running-list messages; the rest are ours (docs/decisions.md). */
export const PURCHASING_MESSAGES = {
  productAdded: 'Product added to the Running List',
  alreadyInList: 'Failed to add products already in the running list',
  generateFailed: 'Failed to generate purchase order',
  removeProductFailed: 'Failed to remove product from running list',
  listRemoved: 'Removed the running list',
  removeListFailed: 'Failed to remove the running list',
  selectSupplier: 'Select a supplier first!',
  productRemoved: 'Removed the product from the running list',
  productUpdated: 'Running list updated',
  updateFailed: 'Failed to update the running list',
  addFailed: 'Failed to add the product to the running list',
  generated: 'Purchase order generated',
  alreadyOrdered: 'This running list is already ordered',
  emptyList: 'Add products to the running list before generating a purchase order',
  received: 'Received into stock',
  receiveFailed: 'Failed to receive the purchase order',
  overReceived: 'Cannot receive more than ordered',
  nothingToReceive: 'Enter a quantity to receive on at least one line',
  suggestionsAdded: (count: number) => `${String(count)} ${count === 1 ? 'product' : 'products'} below minimum stock added to running lists`,
  noSuggestions: 'No product is below its minimum stock',
  removeProductConfirm: 'Remove this product from the running list?',
  removeListConfirm: 'Remove this running list and all its products?',
} as const;

/** Spec section 9: a product goes on a list as one container at $1 when nothing says otherwise. */
export const DEFAULT_RUNNING_LIST_QUANTITY = 1;
export const DEFAULT_RUNNING_LIST_PRICE = 1;

const quantity = z.number({ error: 'Required' }).int('Enter a whole number').min(1, 'Quantity cannot be less than 1').max(100_000, 'Must be at most 100000');
const price = z.number({ error: 'Required' }).min(0, 'Price cannot be less than 0').max(10_000_000, 'Must be at most 10000000').multipleOf(0.01, 'Use dollars and cents (at most 2 decimals)');

export const RunningListProductInputSchema = z.object({
  product_id: UuidSchema,
  /** Containers to order; 1 when left out. */
  quantity: quantity.optional(),
  /** Price per container; the last price paid to this supplier, or 1, when left out. */
  price: price.optional(),
  high_priority: z.boolean().optional(),
});
export type RunningListProductInput = z.infer<typeof RunningListProductInputSchema>;

export const CreateRunningListRequestSchema = z.object({
  supplier_id: z.uuid({ error: (issue) => (issue.input === undefined || issue.input === '' ? PURCHASING_MESSAGES.selectSupplier : 'Must be a valid id') }),
});
export type CreateRunningListRequest = z.infer<typeof CreateRunningListRequestSchema>;

/** The supplier a location admin chose for a request without one (issue 50), picked as a new list's. */
export const ChooseRequestSupplierSchema = CreateRunningListRequestSchema;
export type ChooseRequestSupplier = CreateRunningListRequest;

/** One product onto an existing list, or onto the supplier's open list (made when there is none). */
export const AddRunningListProductRequestSchema = RunningListProductInputSchema.extend({
  running_list_id: UuidSchema.optional(),
  supplier_id: UuidSchema.optional(),
}).refine((body) => body.running_list_id !== undefined || body.supplier_id !== undefined, {
  path: ['supplier_id'],
  message: PURCHASING_MESSAGES.selectSupplier,
});
export type AddRunningListProductRequest = z.infer<typeof AddRunningListProductRequestSchema>;

/** Spec section 7: `{supplierId or runningListId, runningListProducts}`. */
export const BulkRunningListProductsRequestSchema = z
  .object({
    supplierId: UuidSchema.optional(),
    runningListId: UuidSchema.optional(),
    runningListProducts: z.array(RunningListProductInputSchema).min(1, 'Add at least one product').max(500, 'At most 500 products at once'),
  })
  .refine((body) => body.runningListId !== undefined || body.supplierId !== undefined, {
    path: ['supplierId'],
    message: PURCHASING_MESSAGES.selectSupplier,
  });
export type BulkRunningListProductsRequest = z.infer<typeof BulkRunningListProductsRequestSchema>;

export const UpdateRunningListProductRequestSchema = z
  .object({
    quantity: quantity.optional(),
    price: price.optional(),
    high_priority: z.boolean().optional(),
  })
  .refine((body) => body.quantity !== undefined || body.price !== undefined || body.high_priority !== undefined, { message: 'Change the quantity, the price or the priority' });
export type UpdateRunningListProductRequest = z.infer<typeof UpdateRunningListProductRequestSchema>;

export const RunningListQuerySchema = PageQuerySchema.extend({
  /** Spec: the 'is not ordered' filter hides lists a purchase order was generated from. */
  is_not_ordered: QueryBooleanSchema.optional(),
  supplier_id: UuidSchema.optional(),
});
export type RunningListQuery = z.infer<typeof RunningListQuerySchema>;

const ProductRefSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  /** Match a scanned box to its line when receiving: a GS1 label by the barcode, an HIBC label by the manufacturer code. */
  barcode: z.string(),
  manufacturer_code: z.string(),
  product_image_url: z.string().nullable(),
  type: ProductTypeSchema,
  container: ContainerSchema,
  basic_unit: BasicUnitSchema,
});

export const RunningListSchema = z.object({
  id: UuidSchema,
  supplier: z.object({ id: UuidSchema, name: z.string() }),
  created_at: z.string(),
  /** When a purchase order was generated from the list; null while it is open. */
  ordered_at: z.string().nullable(),
  purchase_order_id: UuidSchema.nullable(),
  products_count: z.number().int(),
  high_priority_count: z.number().int(),
  /** Dollars, two decimals: quantity x price over the lines. */
  total: z.number(),
});
export type RunningList = z.infer<typeof RunningListSchema>;

export const RunningListProductSchema = z.object({
  id: UuidSchema,
  running_list_id: UuidSchema,
  supplier_id: UuidSchema,
  product_id: UuidSchema,
  product: ProductRefSchema,
  /** Containers. */
  quantity: z.number().int(),
  price: z.number(),
  high_priority: z.boolean(),
  total: z.number(),
  /**
   * Units one container holds: the newest stock's here (1 for a consumable, counted in units, and
   * when never received). The marketplace cart turns the containers into packs of units with it.
   */
  units_per_container: z.number().int(),
  /** Who asked for the line through Request Product, newest first; empty for lines added by hand. */
  requested_by: z.array(LineRequesterSchema),
});
export type RunningListProduct = z.infer<typeof RunningListProductSchema>;

export const RunningListDetailSchema = RunningListSchema.extend({ runningListProducts: z.array(RunningListProductSchema) });
export type RunningListDetail = z.infer<typeof RunningListDetailSchema>;

export const RunningListPageSchema = pageOf(RunningListSchema);
export type RunningListPage = z.infer<typeof RunningListPageSchema>;

export const AddedRunningListProductsSchema = z.object({ runningList: RunningListSchema, runningListProducts: z.array(RunningListProductSchema) });
export type AddedRunningListProducts = z.infer<typeof AddedRunningListProductsSchema>;

export const GeneratePurchaseOrderRequestSchema = z.object({ runningListId: UuidSchema });
export type GeneratePurchaseOrderRequest = z.infer<typeof GeneratePurchaseOrderRequestSchema>;

export const PURCHASE_ORDER_STATUSES = ['ordered', 'partially_received', 'received'] as const;
export const PurchaseOrderStatusSchema = z.enum(PURCHASE_ORDER_STATUSES);
export type PurchaseOrderStatus = z.infer<typeof PurchaseOrderStatusSchema>;
export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  ordered: 'Ordered',
  partially_received: 'Partially received',
  received: 'Received',
};

export const PurchaseOrderSchema = z.object({
  id: UuidSchema,
  /** Per location, in order of generation: PO-000042. */
  number: z.string(),
  /** The list it was generated from; null for a marketplace order. */
  running_list_id: UuidSchema.nullable(),
  supplier: z.object({ id: UuidSchema, name: z.string() }),
  created_at: z.string(),
  created_by: z.string(),
  lines_count: z.number().int(),
  total: z.number(),
  status: PurchaseOrderStatusSchema,
  /** A signed address of the generated PDF. */
  pdf_url: z.string().nullable(),
  /** The supplier contact the PDF was e-mailed to; null when the supplier has no e-mail. */
  emailed_to: z.string().nullable(),
});
export type PurchaseOrder = z.infer<typeof PurchaseOrderSchema>;

export const PurchaseOrderLineSchema = z.object({
  id: UuidSchema,
  product: ProductRefSchema,
  quantity: z.number().int(),
  price: z.number(),
  total: z.number(),
  received_quantity: z.number().int(),
  /** What the receive dialog proposes: the units per container of the product's latest stock. */
  units_per_container: z.number().int(),
});
export type PurchaseOrderLine = z.infer<typeof PurchaseOrderLineSchema>;

export const PurchaseOrderReceiptSchema = z.object({
  stock_id: UuidSchema,
  line_id: UuidSchema,
  product_name: z.string(),
  container_quantity: z.number().int(),
  lotNumber: z.string(),
  expiry_date: z.string().nullable(),
  created_at: z.string(),
});
export type PurchaseOrderReceipt = z.infer<typeof PurchaseOrderReceiptSchema>;

export const PurchaseOrderDetailSchema = PurchaseOrderSchema.extend({
  supplier: z.object({ id: UuidSchema, name: z.string(), contact_email: z.string(), contact_phone: z.string(), address: z.string() }),
  lines: z.array(PurchaseOrderLineSchema),
  receipts: z.array(PurchaseOrderReceiptSchema),
});
export type PurchaseOrderDetail = z.infer<typeof PurchaseOrderDetailSchema>;

export const PurchaseOrderQuerySchema = PageQuerySchema.extend({
  status: PurchaseOrderStatusSchema.optional(),
  supplier_id: UuidSchema.optional(),
});
export type PurchaseOrderQuery = z.infer<typeof PurchaseOrderQuerySchema>;

export const PurchaseOrderPageSchema = pageOf(PurchaseOrderSchema);
export type PurchaseOrderPage = z.infer<typeof PurchaseOrderPageSchema>;

export const ReceiveLineSchema = z.object({
  line_id: UuidSchema,
  /** Containers arriving now; a line may arrive over several deliveries. */
  quantity: z.number({ error: 'Required' }).int('Enter a whole number').min(1, 'Quantity cannot be less than 1').max(100_000, 'Must be at most 100000'),
  units_per_container: z.number({ error: 'Required' }).int('Enter a whole number').min(1, STOCK_MESSAGES.unitsPerContainerMin).max(1_000_000, 'Must be at most 1000000'),
  lotNumber: z.string().trim().max(100, 'Must be at most 100 characters').optional(),
  expiry_date: ExpiryDaySchema.nullable().optional(),
  isConsignment: z.boolean().optional(),
  /** Where this line's lot goes (issue 34); the delivery's place, else the default place, when absent. */
  place_id: UuidSchema.optional(),
});
export type ReceiveLine = z.infer<typeof ReceiveLineSchema>;

export const ReceivePurchaseOrderRequestSchema = z.object({
  lines: z.array(ReceiveLineSchema).min(1, PURCHASING_MESSAGES.nothingToReceive).max(500, 'At most 500 lines at once'),
  /** A retried delivery counts once. */
  idempotency_key: IdempotencyKeySchema,
  /** Receive it even though a line's lot from this supplier was received here before. */
  confirm_duplicate: ConfirmDuplicateSchema,
  /** Where the delivery's lots go (issue 34); the location's default place when absent. */
  place_id: UuidSchema.optional(),
});
export type ReceivePurchaseOrderRequest = z.infer<typeof ReceivePurchaseOrderRequestSchema>;

export const ReorderSuggestionsRequestSchema = z.object({
  /** For products never bought here: the supplier to order them from; left out, they are skipped. */
  supplier_id: UuidSchema.optional(),
});
export type ReorderSuggestionsRequest = z.infer<typeof ReorderSuggestionsRequestSchema>;

export const ReorderSuggestionsSchema = z.object({
  added: z.number().int(),
  runningLists: z.array(RunningListSchema),
  /** Products below minimum that were not added, and why (already on the list, no supplier known). */
  skipped: z.array(z.object({ product_id: UuidSchema, name: z.string(), reason: z.string() })),
});
export type ReorderSuggestions = z.infer<typeof ReorderSuggestionsSchema>;

/** Dollars of a line: containers x price per container, to the cent. */
export function lineTotal(quantityOrdered: number, pricePerContainer: number): number {
  return amountOf(quantityOrdered, pricePerContainer);
}

/** PO-000042: the location's running number, zero-padded so orders sort as text too. */
export function purchaseOrderNumber(n: number): string {
  return `PO-${String(n).padStart(6, '0')}`;
}

/** Containers needed to bring usable units back up to the minimum. */
export function containersToReachMinimum(minimum: number, usableUnits: number, unitsPerContainer: number): number {
  const missing = minimum - usableUnits;
  if (missing <= 0) return 0;
  return Math.ceil(missing / Math.max(1, unitsPerContainer));
}
