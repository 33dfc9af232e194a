/**
 * The product list as the web reads it (spec sections 2 and 9), without zod: products.ts and
 * categories.ts re-export these beside their schemas, and the /products page loads without
 * building any schema in the browser (issue 37: zod and the catalog's schemas, 27 KiB gzip, came
 * before its first paint for three constants).
 */

/** The web's product search: spec section 9. */
export const PRODUCT_SEARCH_PAGE_SIZE = 10;
export const PRODUCT_SEARCH_STALE_TIME_MS = 3000;

/** Products without a category show this name (spec section 2). */
export const DEFAULT_CATEGORY_NAME = 'Default';
