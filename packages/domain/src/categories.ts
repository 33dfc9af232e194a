import { z } from './zod';
import { requiredText, UuidSchema } from './fields';
import { PageQuerySchema, pageOf } from './pagination';

/** Spec section 8 words these for categories; the product categories use the same texts. */
export const CATEGORY_MESSAGES = {
  added: 'Category added successfully',
  exists: 'Category already exists',
  createFailed: 'Failed to create Category!',
  updated: 'Category updated!',
  updateFailed: 'Failed to update category!',
  deleted: 'Category Deleted!',
  deleteFailed: 'Failed to delete category',
  deleteConfirm: 'Products in this category move to Default. Are you sure you want to delete this category?',
} as const;

export { DEFAULT_CATEGORY_NAME } from './product-list';

const CategoryFieldsSchema = z.object({
  name: requiredText('Name', 80),
  description: z.string().trim().max(500, 'Description must be at most 500 characters').optional(),
  /** An address returned by POST upload (type category_image); null removes the image. */
  image_url: z.string().trim().max(500).nullable().optional(),
});

export const CreateCategoryRequestSchema = CategoryFieldsSchema;
export type CreateCategoryRequest = z.infer<typeof CreateCategoryRequestSchema>;
export const UpdateCategoryRequestSchema = CategoryFieldsSchema.partial();
export type UpdateCategoryRequest = z.infer<typeof UpdateCategoryRequestSchema>;

export const CategorySchema = z.object({
  id: UuidSchema,
  name: z.string(),
  description: z.string(),
  /** A signed address the browser can show directly; null when there is no image. */
  image_url: z.string().nullable(),
  /** Null for the product admin's categories, shared with every location. */
  company_id: UuidSchema.nullable(),
  product_count: z.number().int(),
  created_at: z.string(),
});
export type Category = z.infer<typeof CategorySchema>;

export const CategoryListQuerySchema = PageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  /** The product admin may look at one location's categories; others may only name their own. */
  company_id: UuidSchema.optional(),
});
export type CategoryListQuery = z.infer<typeof CategoryListQuerySchema>;
export const CategoryPageSchema = pageOf(CategorySchema);
