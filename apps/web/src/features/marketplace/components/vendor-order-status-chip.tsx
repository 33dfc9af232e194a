import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { VENDOR_ORDER_STATUS_LABELS, type VendorOrderStatus } from '@clinic/domain';

const COLORS: Record<VendorOrderStatus, ChipProps['color']> = {
  placing: 'default',
  placed: 'info',
  confirmed: 'primary',
  shipped: 'secondary',
  delivered: 'success',
  failed: 'error',
};

/** Where the order stands with its vendor. */
export function VendorOrderStatusChip({ status }: { status: VendorOrderStatus }) {
  return <Chip size="small" variant={status === 'failed' ? 'filled' : 'outlined'} color={COLORS[status]} label={VENDOR_ORDER_STATUS_LABELS[status]} />;
}

/** The status, and for an order the vendor did not take, why (in the error color). */
export function OrderStatus({ order }: { order: { status: VendorOrderStatus; error: string | null } }) {
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <VendorOrderStatusChip status={order.status} />
      {order.status === 'failed' && order.error ? (
        <Typography variant="caption" color="error">
          {order.error}
        </Typography>
      ) : null}
    </Stack>
  );
}
