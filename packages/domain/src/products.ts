import { z } from './zod';
import { ExpiryDaySchema, UuidSchema } from './fields';
import { PageQuerySchema, pageOf, QueryBooleanSchema } from './pagination';
import { CompanyStockOverviewSchema } from './stock';

export const BASIC_UNITS = ['oz', 'ml', 'gram', 'mg', 'item', 'cartridge', 'tube'] as const;
export const BasicUnitSchema = z.enum(BASIC_UNITS);
export type BasicUnit = z.infer<typeof BasicUnitSchema>;

export const PRODUCT_TYPES = ['disposable', 'consumable'] as const;
export const ProductTypeSchema = z.enum(PRODUCT_TYPES);
export type ProductType = z.infer<typeof ProductTypeSchema>;

export const CONTAINERS = ['bottle', 'unit', 'box', 'cartridge', 'tube', 'bag', 'jar', 'package', 'roll', 'each', 'case', 'vial', 'kit', 'can'] as const;
export const ContainerSchema = z.enum(CONTAINERS);
export type Container = z.infer<typeof ContainerSchema>;

/** Spec section 5: a product sold by the unit is counted in cartridges or items. */
export const UNIT_CONTAINER_BASIC_UNITS: readonly BasicUnit[] = ['cartridge', 'item'];
export const UNIT_CONTAINER_DEFAULT_BASIC_UNIT: BasicUnit = 'cartridge';

export const PRODUCT_MESSAGES = {
  nameRequired: 'Name is required',
  exists: 'Product already exists',
  createFailed: 'Failed to create product!',
  created: 'Product created',
  nameOrBarcodeExists: 'name or barcode exists',
  updateFailed: 'Failed to update product!',
  updated: 'Product updated',
  approved: 'Product approved!',
  approveFailed: 'Failed to approve product',
  rejected: 'Product Deleted!',
  rejectFailed: 'Failed to Delete product',
  deleted: 'Product Deleted!',
  deleteFailed: 'Failed to delete product',
  deleteConfirm: 'Deleting this product removes its stock values and its links to treatment designs. Are you sure you want to continue?',
  removeConfirm: 'This product will be removed from your location, with its stock values and its links to treatment designs. Are you sure you want to continue?',
  rejectConfirm: 'Rejecting this product deletes it. Are you sure you want to continue?',
  approveConfirm: 'Approve this product for every location?',
  unitBasicUnit: 'A product sold by the unit is counted in cartridges or items',
  minimumStockInvalid: 'Minimum stock must be a whole number of 0 or more',
  notApprovable: 'Only a pending product can be approved',
  attachmentAdded: 'Added',
  attachmentDeleted: 'Deleted',
  attachmentDeleteFailed: 'Delete Failed',
  attachmentDeleteConfirm: 'Are you sure you want to delete this attachment?',
  videoLinkRequired: 'Video link is required',
  videoLinkInvalid: 'Enter a link starting with http:// or https://',
  heldInStock: 'This product is held in stock by these companies',
} as const;

/** No defaults on optional texts: a PATCH leaving a field out keeps it; new rows get ''. */
const optionalText = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`).optional();
const nullableUrl = z.string().trim().max(500).nullable().optional();

/** Minimum stock: a whole number of 0 or more (spec section 5). */
/**
 * The characters a product barcode may hold: letters, digits and the Code 39 / HIBC marks
 * (. - + $ / %), so a health-industry barcode like +H629... is an ordinary barcode.
 */
export const BARCODE_PATTERN = /^[0-9A-Za-z.\-+$/%]*$/;
export const BARCODE_MESSAGE = 'Barcode may hold letters, digits and . - + $ / %';

export const MinimumStockSchema = z
  .number({ error: PRODUCT_MESSAGES.minimumStockInvalid })
  .int(PRODUCT_MESSAGES.minimumStockInvalid)
  .min(0, PRODUCT_MESSAGES.minimumStockInvalid)
  .max(1_000_000, PRODUCT_MESSAGES.minimumStockInvalid);

const ProductFieldsSchema = z.object({
  name: z.string({ error: PRODUCT_MESSAGES.nameRequired }).trim().min(1, PRODUCT_MESSAGES.nameRequired).max(200, 'Name must be at most 200 characters'),
  description: optionalText(2000),
  brand: optionalText(120),
  barcode: z.string().trim().max(64, 'Barcode must be at most 64 characters').regex(BARCODE_PATTERN, BARCODE_MESSAGE).optional(),
  manufacturer_code: optionalText(64),
  type: ProductTypeSchema,
  container: ContainerSchema,
  basic_unit: BasicUnitSchema,
  weight_or_volume: z.number().positive('Weight or volume must be greater than 0').max(1_000_000).nullable().optional(),
  minimum_stock: MinimumStockSchema.optional(),
  category_id: UuidSchema.nullable().optional(),
  supplier_id: UuidSchema.nullable().optional(),
  expires_at: ExpiryDaySchema.nullable().optional(),
  product_image_url: nullableUrl,
  box_image_url: nullableUrl,
  is_usage_tracking_on: z.boolean().optional(),
  /** An implant: consuming it at the chair asks for its UDI and site (issue 20). */
  implantable: z.boolean().optional(),
  /** The manufacturer printed on the implant card (EU MDR article 18). */
  manufacturer_name: optionalText(200),
  manufacturer_address: optionalText(500),
});

function unitRule(value: { container?: Container | undefined; basic_unit?: BasicUnit | undefined }, ctx: z.RefinementCtx) {
  if (value.container === 'unit' && value.basic_unit && !UNIT_CONTAINER_BASIC_UNITS.includes(value.basic_unit)) {
    ctx.addIssue({ code: 'custom', path: ['basic_unit'], message: PRODUCT_MESSAGES.unitBasicUnit });
  }
}

export const CreateProductRequestSchema = ProductFieldsSchema.superRefine(unitRule);
export type CreateProductRequest = z.infer<typeof CreateProductRequestSchema>;
/** A partial update; the unit rule is checked again on the merged product by the server. */
export const UpdateProductRequestSchema = ProductFieldsSchema.partial().superRefine(unitRule);
export type UpdateProductRequest = z.infer<typeof UpdateProductRequestSchema>;

export const ATTACHMENT_TYPES = ['image', 'video', 'document'] as const;
export const AttachmentTypeSchema = z.enum(ATTACHMENT_TYPES);
export type AttachmentType = z.infer<typeof AttachmentTypeSchema>;

export const CreateAttachmentRequestSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
    type: AttachmentTypeSchema,
    value: z.string().trim().max(1000, 'Must be at most 1000 characters'),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'video') {
      if (!v.value) ctx.addIssue({ code: 'custom', path: ['value'], message: PRODUCT_MESSAGES.videoLinkRequired });
      else if (!/^https?:\/\/\S+$/i.test(v.value)) ctx.addIssue({ code: 'custom', path: ['value'], message: PRODUCT_MESSAGES.videoLinkInvalid });
    } else if (!v.value) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Required' });
    }
  });
export type CreateAttachmentRequest = z.infer<typeof CreateAttachmentRequestSchema>;

export const AttachmentSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  /** A signed file address for images and documents, the link itself for videos. */
  value: z.string(),
  type: AttachmentTypeSchema,
  /** Null for the product admin's attachments, which every location sees. */
  company_id: UuidSchema.nullable(),
  created_at: z.string(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

export const ProductSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  description: z.string(),
  brand: z.string(),
  barcode: z.string(),
  manufacturer_code: z.string(),
  type: ProductTypeSchema,
  container: ContainerSchema,
  basic_unit: BasicUnitSchema,
  weight_or_volume: z.number().nullable(),
  /** The caller's location's minimum stock (0 for the product admin, who keeps no stock). */
  minimum_stock: z.number().int(),
  category_id: UuidSchema.nullable(),
  category: z.object({ id: UuidSchema, name: z.string() }).nullable(),
  supplier: z.object({ id: UuidSchema, name: z.string() }).nullable(),
  expires_at: z.string().nullable(),
  product_image_url: z.string().nullable(),
  box_image_url: z.string().nullable(),
  is_approved: z.boolean(),
  /** Whether the caller may change the product's fields (spec section 5's lock). */
  is_editable: z.boolean(),
  is_usage_tracking_on: z.boolean(),
  implantable: z.boolean(),
  manufacturer_name: z.string(),
  manufacturer_address: z.string(),
  /** The location that submitted it; null for the product admin's own products. */
  company_id: UuidSchema.nullable(),
  /** Who submitted it: the location and its organization; null for the product admin's own. */
  submitted_by: z.object({ location: z.string(), organization: z.string() }).nullable(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type Product = z.infer<typeof ProductSchema>;

/** Spec section 3: a product page lists the treatment designs whose tray holds it. */
export const AssociatedTreatmentSchema = z.object({ id: UuidSchema, treatment_code: z.string(), name: z.string(), abbreviation: z.string() });
export type AssociatedTreatment = z.infer<typeof AssociatedTreatmentSchema>;

export const ProductDetailSchema = ProductSchema.extend({
  attachments: z.array(AttachmentSchema),
  /** The product admin's view of who holds the product (spec section 2); empty for locations. */
  companyStocksOverview: z.array(CompanyStockOverviewSchema),
  /** Treatments of the reader's location using it; every location's for the product admin. */
  associatedTreatments: z.array(AssociatedTreatmentSchema),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

export const APPROVAL_FILTERS = ['approved', 'pending', 'all'] as const;

/** Filters shared by the product lists, the fuzzy search and the spreadsheet export. */
export const ProductFilterSchema = z.object({
  fuzzySearchQuery: z.string().trim().max(100).optional(),
  category_id: UuidSchema.optional(),
  approval: z.enum(APPROVAL_FILTERS).default('all'),
  include_deleted: QueryBooleanSchema.optional(),
  /** Only products with units left: at the caller's location, or anywhere for the product admin. */
  in_stock_only: QueryBooleanSchema.optional(),
  /** Only products with units left in this storage place of the reader's location (issue 34). */
  place_id: UuidSchema.optional(),
});
export type ProductFilter = z.infer<typeof ProductFilterSchema>;

/**
 * The orders a product list can be asked for besides its own (name order, or the best match first
 * for a search). `days_of_cover` puts the fewest days first (`desc`: the most first); products
 * without a forecast come last either way.
 */
export const PRODUCT_LIST_SORTS = ['days_of_cover'] as const;
export type ProductListSort = (typeof PRODUCT_LIST_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const ProductListOrderSchema = z.object({
  sort: z.enum(PRODUCT_LIST_SORTS).optional(),
  order: z.enum(SORT_DIRECTIONS).default('asc'),
});
export type ProductListOrder = z.infer<typeof ProductListOrderSchema>;

export const ProductListQuerySchema = PageQuerySchema.extend(ProductFilterSchema.shape).extend(ProductListOrderSchema.shape);
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

/** A product as a list shows it: with its days of cover at the reader's location (issue 35). */
export const ProductListItemSchema = ProductSchema.extend({
  /**
   * Usable units (available, unexpired lots) over the daily use of the reorder job's forecast, to
   * one decimal; null without a forecast, with no daily use, and for readers who do not read the
   * location's stock (the product admin among them).
   */
  days_of_cover: z.number().nullable(),
});
export type ProductListItem = z.infer<typeof ProductListItemSchema>;
/**
 * A page of products. A search counts its matches up to PRODUCT_SEARCH_TOTAL_CAP: past that,
 * `total` is the cap and `totalIsCapped` is true (shown "3,000+"), and `lastPage` is the cap's last
 * page although later pages still answer; a client pages on while a page comes back full.
 */
export const ProductPageSchema = pageOf(ProductListItemSchema).extend({
  totalIsCapped: z.boolean(),
});
export type ProductListPage = z.infer<typeof ProductPageSchema>;

export { PRODUCT_SEARCH_PAGE_SIZE, PRODUCT_SEARCH_STALE_TIME_MS } from './product-list';
/** How far a product search counts its matches; more are answered as this many and `totalIsCapped`. */
export const PRODUCT_SEARCH_TOTAL_CAP = 3000;
