import type { ProductRequest, RequestWithoutSupplier } from '@clinic/domain';
import type { ProductRequestWithState } from './product-requests.repo';

export function toRequest(row: ProductRequestWithState): ProductRequest {
  const { request } = row;
  return {
    id: request.id,
    product_id: request.productId,
    quantity: request.quantity,
    urgency: request.urgency,
    note: request.note,
    state: row.state,
    requested_by: { id: request.requestedBy, name: row.requesterName },
    running_list_id: row.runningListId,
    supplier: row.supplierId && row.supplierName !== null ? { id: row.supplierId, name: row.supplierName } : null,
    created_at: request.createdAt.toISOString(),
  };
}

export const toRequestWithoutSupplier = (row: ProductRequestWithState): RequestWithoutSupplier => ({ ...toRequest(row), product: { id: row.request.productId, name: row.productName } });
