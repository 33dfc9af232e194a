// The catalog as other modules read it, inside the caller's transaction when it has one: what a
// location may see and use (lists, trays, visits, imports), and how many products each category holds.
export {
  countProductsByCategory,
  findClashes,
  findProductWithNames,
  listProductIds,
  productIdsByBarcode,
  productsByCode,
  productCodesOf,
  visibleProductIds,
  // The visibility rule as SQL, for another repository's prepared statement (stock's consumption).
  visibleProducts,
  type CatalogReader,
  type ProductListRow,
  type ProductRow,
} from './products.repo';
