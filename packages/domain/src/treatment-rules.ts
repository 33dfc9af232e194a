/**
 * The treatment texts, timings and tray cost the web uses, without zod: treatments.ts re-exports
 * them beside its schemas, and the chair's page loads without building any schema (issue 37).
 */

/** Spec section 8 words these; the treatment categories use the category texts (CATEGORY_MESSAGES). */
export const TREATMENT_MESSAGES = {
  exists: 'Treatment already exists',
  createFailed: 'Failed to create treatment',
  updateFailed: 'Failed to update treatment',
  deleted: 'Deleted treatment',
  deleteFailed: 'Failed to delete treatment!',
  created: 'Treatment created',
  updated: 'Treatment updated',
  deleteConfirm: 'Delete this treatment design? Visits already recorded keep their products and costs.',
  categoryDeleteConfirm: 'Treatments in this category move to no category. Are you sure you want to delete this category?',
  productTwice: 'This product is already in the tray',
  trayEmpty: 'Add at least one product to the tray',
  quantityMin: 'Enter a quantity of at least 0.001',
} as const;

/** Spec section 9: treatments tables show 5 rows; the treatments list is fresh for 1 second. */
export const TREATMENTS_PAGE_SIZE = 5;
export const TREATMENTS_STALE_TIME_MS = 1000;

/** Dollars to the cent of a tray: quantity x unit price over the products that have a price. */
export function trayCost(items: { quantity: number; unitPrice: number | null }[]): number {
  const cents = items.reduce((sum, item) => sum + (item.unitPrice === null ? 0 : item.quantity * item.unitPrice * 100), 0);
  return Math.round(cents) / 100;
}
