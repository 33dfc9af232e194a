import { MinimumStockSchema, PRODUCT_MESSAGES, UpdateProductRequestSchema, type Product, type UpdateProductRequest } from '@clinic/domain';
import type { InlineChange } from './components/inline-product-field';

/** The product form's word for a weight that is not a number above 0. */
const WEIGHT_MESSAGE = 'Weight or volume must be greater than 0';

/** A change checked by the update request's own schema, in its words. */
function checked(body: UpdateProductRequest): InlineChange {
  const parsed = UpdateProductRequestSchema.safeParse(body);
  return parsed.success ? { body: parsed.data } : { error: parsed.error.issues[0]?.message ?? 'Invalid value' };
}

/** Minimum stock: a whole number of 0 or more (spec section 5); empty is not a number. */
export function minimumStockChange(text: string): InlineChange {
  const parsed = MinimumStockSchema.safeParse(text.trim() === '' ? Number.NaN : Number(text));
  return parsed.success ? { body: { minimum_stock: parsed.data } } : { error: PRODUCT_MESSAGES.minimumStockInvalid };
}

export const manufacturerCodeChange =
  (product: Pick<Product, 'manufacturer_code'>) =>
  (text: string): InlineChange =>
    text.trim() === product.manufacturer_code ? { body: null } : checked({ manufacturer_code: text });

/**
 * Weight per volume (spec section 5): empty becomes undefined, so an empty field saves nothing,
 * or clears a weight the product had (null); anything else must be a number above 0.
 */
export const weightChange =
  (product: Pick<Product, 'weight_or_volume'>) =>
  (text: string): InlineChange => {
    if (text.trim() === '') return { body: product.weight_or_volume === null ? null : { weight_or_volume: null } };
    const value = Number(text);
    if (value === product.weight_or_volume) return { body: null };
    return Number.isFinite(value) ? checked({ weight_or_volume: value }) : { error: WEIGHT_MESSAGE };
  };
