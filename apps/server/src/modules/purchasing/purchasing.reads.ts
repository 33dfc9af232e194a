// Purchase orders as the demo seed reads them while it builds ordered and received ones.
export { findBuyer, findOrderLines, type PurchaseOrderLineRow, type PurchaseOrderRow } from './purchase-orders.repo';
// A product's last delivery at a location: one rule for suggested orders and Request Product.
export { lastDeliverySql } from './last-delivery.repo';
