import { canAdvanceOrder, MANUAL_ORDER_STEPS, type ManualOrderStep, type MarketplaceOrder } from '@clinic/domain';

export const STEP_LABELS: Record<ManualOrderStep, string> = { confirmed: 'Mark confirmed', shipped: 'Mark shipped', delivered: 'Mark delivered' };

/**
 * The statuses the clinic may set on an order: only on its own suppliers' orders (a distributor
 * reports its own), and only forward from where the order stands.
 */
export function nextSteps(order: Pick<MarketplaceOrder, 'vendor' | 'status'>): ManualOrderStep[] {
  if (order.vendor.kind !== 'supplier') return [];
  return MANUAL_ORDER_STEPS.filter((step) => canAdvanceOrder(order.status, step));
}

/** Stock arrives for an order the vendor took, until all of it is in. */
export function canReceiveOrder(order: Pick<MarketplaceOrder, 'status' | 'receiving_status'>): boolean {
  return order.receiving_status !== 'received' && order.status !== 'failed' && order.status !== 'placing';
}
