import Chip, { type ChipProps } from '@mui/material/Chip';
import { PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrderStatus } from '@clinic/domain';

// The colors of purchase history's chip: a marketplace order is received as a purchase order.
const COLORS: Record<PurchaseOrderStatus, ChipProps['color']> = { ordered: 'info', partially_received: 'warning', received: 'success' };

/** How much of the order has been received into stock. */
export function ReceivingStatusChip({ status }: { status: PurchaseOrderStatus }) {
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={PURCHASE_ORDER_STATUS_LABELS[status]} />;
}
