// Suppliers as other modules look them up: a product's or a stock's supplier, running lists and
// purchase orders, the assistant's choices and an import's supplier by name.
export { findSupplierById, listSuppliers, supplierIdsByName, type SupplierRow } from './suppliers.repo';
