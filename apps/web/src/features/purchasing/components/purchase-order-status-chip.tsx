import Chip, { type ChipProps } from '@mui/material/Chip';
import { PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrderStatus } from '@clinic/domain';

const COLORS: Record<PurchaseOrderStatus, ChipProps['color']> = { ordered: 'info', partially_received: 'warning', received: 'success' };

export function PurchaseOrderStatusChip({ status }: { status: PurchaseOrderStatus }) {
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={PURCHASE_ORDER_STATUS_LABELS[status]} />;
}
