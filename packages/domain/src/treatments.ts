import { z } from './zod';
import { IsoDaySchema, requiredText, UuidSchema } from './fields';
import { PageQuerySchema, pageOf } from './pagination';
import { REPORT_MESSAGES, startsAfterEnd } from './report-range';
import { BasicUnitSchema, ProductTypeSchema } from './products';
import { TREATMENT_MESSAGES, TREATMENTS_PAGE_SIZE } from './treatment-rules';

export * from './treatment-rules';

export const TreatmentCategoryFieldsSchema = z.object({
  name: requiredText('Name', 80),
  description: z.string().trim().max(500, 'Description must be at most 500 characters').optional(),
});
export const CreateTreatmentCategoryRequestSchema = TreatmentCategoryFieldsSchema;
export type CreateTreatmentCategoryRequest = z.infer<typeof CreateTreatmentCategoryRequestSchema>;
export const UpdateTreatmentCategoryRequestSchema = TreatmentCategoryFieldsSchema.partial();
export type UpdateTreatmentCategoryRequest = z.infer<typeof UpdateTreatmentCategoryRequestSchema>;

export const TreatmentCategorySchema = z.object({
  id: UuidSchema,
  name: z.string(),
  description: z.string(),
  treatment_count: z.number().int(),
  created_at: z.string(),
});
export type TreatmentCategory = z.infer<typeof TreatmentCategorySchema>;

export const TreatmentCategoryListQuerySchema = PageQuerySchema.extend({ search: z.string().trim().max(100).optional() });
export type TreatmentCategoryListQuery = z.infer<typeof TreatmentCategoryListQuerySchema>;
export const TreatmentCategoryPageSchema = pageOf(TreatmentCategorySchema);
export type TreatmentCategoryPage = z.infer<typeof TreatmentCategoryPageSchema>;

/** A product of a treatment's tray with the quantity a visit uses by default (editable at the chair). */
export const TreatmentProductInputSchema = z.object({
  product_id: UuidSchema,
  quantity: z.number({ error: 'Required' }).min(0.001, TREATMENT_MESSAGES.quantityMin).max(100_000, 'Must be at most 100000'),
});
export type TreatmentProductInput = z.infer<typeof TreatmentProductInputSchema>;

const treatmentProducts = z
  .array(TreatmentProductInputSchema)
  .max(100, 'At most 100 products in a tray')
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.product_id)) ctx.addIssue({ code: 'custom', path: [index, 'product_id'], message: TREATMENT_MESSAGES.productTwice });
      seen.add(item.product_id);
    });
  });

const TreatmentFieldsSchema = z.object({
  treatment_code: requiredText('Treatment code', 30),
  name: requiredText('Name', 120),
  abbreviation: z.string().trim().max(20, 'Abbreviation must be at most 20 characters').optional(),
  description: z.string().trim().max(1000, 'Description must be at most 1000 characters').optional(),
  category_id: UuidSchema.nullable().optional(),
  treatmentProducts,
});

export const CreateTreatmentRequestSchema = TreatmentFieldsSchema;
export type CreateTreatmentRequest = z.infer<typeof CreateTreatmentRequestSchema>;
export const UpdateTreatmentRequestSchema = TreatmentFieldsSchema.partial();
export type UpdateTreatmentRequest = z.infer<typeof UpdateTreatmentRequestSchema>;

export const TreatmentProductSchema = z.object({
  product_id: UuidSchema,
  quantity: z.number(),
  product: z.object({
    id: UuidSchema,
    name: z.string(),
    product_image_url: z.string().nullable(),
    type: ProductTypeSchema,
    basic_unit: BasicUnitSchema,
    /** An implant: the chair asks for its UDI and site (issue 20). Always sent by the server. */
    implantable: z.boolean().optional(),
  }),
  /** What one use costs at the price of the lot the next use would draw (first expiry first); null without stock. */
  estimated_unit_price: z.number().nullable(),
});
export type TreatmentProduct = z.infer<typeof TreatmentProductSchema>;

export const TreatmentSchema = z.object({
  id: UuidSchema,
  treatment_code: z.string(),
  name: z.string(),
  abbreviation: z.string(),
  description: z.string(),
  category: z.object({ id: UuidSchema, name: z.string() }).nullable(),
  treatmentProducts: z.array(TreatmentProductSchema),
  /** Dollars, two decimals: the tray at today's prices; products without stock count nothing. */
  estimated_cost: z.number(),
  created_at: z.string(),
});
export type Treatment = z.infer<typeof TreatmentSchema>;

export const TreatmentListQuerySchema = PageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  category_id: UuidSchema.optional(),
  perPage: PageQuerySchema.shape.perPage.default(TREATMENTS_PAGE_SIZE),
});
export type TreatmentListQuery = z.infer<typeof TreatmentListQuerySchema>;
export const TreatmentPageSchema = pageOf(TreatmentSchema);
export type TreatmentPage = z.infer<typeof TreatmentPageSchema>;

/** Spec section 7: `GET treatment/executed-within` (dates): which designs were performed, how often. */
export const ExecutedWithinQuerySchema = z
  .object({
    start_date: IsoDaySchema,
    end_date: IsoDaySchema,
  })
  .refine((q) => !startsAfterEnd(q.start_date, q.end_date), { path: ['start_date'], message: REPORT_MESSAGES.startAfterEnd });
export type ExecutedWithinQuery = z.infer<typeof ExecutedWithinQuerySchema>;

export const ExecutedTreatmentSchema = z.object({ id: UuidSchema, treatment_code: z.string(), name: z.string(), times: z.number().int(), last_executed_at: z.string() });
export type ExecutedTreatment = z.infer<typeof ExecutedTreatmentSchema>;
export const ExecutedWithinSchema = z.object({ results: z.array(ExecutedTreatmentSchema) });
export type ExecutedWithin = z.infer<typeof ExecutedWithinSchema>;
