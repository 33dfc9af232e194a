// Purchase orders as the demo seed reads them while it builds ordered and received ones.
export { findBuyer, findOrderLines, type PurchaseOrderLineRow, type PurchaseOrderRow } from './purchase-orders.repo';
