// The demo seed's running lists and purchase orders, written as the purchasing pages would.
export { addReceivedQuantity, setPurchaseOrderStatus } from './purchase-orders.repo';
export { insertRunningListProducts, type NewRunningListProduct } from './running-lists.repo';
