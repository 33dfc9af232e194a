import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MoveToInboxOutlined from '@mui/icons-material/MoveToInboxOutlined';
import { useQuery } from '@tanstack/react-query';
import { MARKETPLACE_MESSAGES, type MarketplaceOrderDetail } from '@clinic/domain';
import { OrderLinesTable } from '../../../components/order-lines-table';
import { errorMessage, isMissingRecord } from '../../../lib/api-client';
import { formatDateTime, formatDollars } from '../../../lib/format';
import { marketplaceOrderQueryOptions } from '../api/marketplace-api';
import { canReceiveOrder } from '../order-actions';
import { OrderStatusActions } from './order-status-actions';
import { OrderTrackingInfo } from './order-tracking-info';
import { ReceivingStatusChip } from './receiving-status-chip';
import { VendorLabel } from './vendor-label';
import { OrderStatus } from './vendor-order-status-chip';

/** Opens the purchase order's receive dialog for this order; closing it calls onClose. */
export type ReceiveSlot = (orderId: string, onClose: () => void) => ReactNode;

interface OrderDetailsDialogProps {
  orderId: string;
  /** marketplace.create: set the status of an own supplier's order. */
  canUpdate: boolean;
  /** Receiving into stock, when the person may (stock.create). */
  receive?: ReceiveSlot | undefined;
  onClose: () => void;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

function OrderFacts({ order }: { order: MarketplaceOrderDetail }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' }, m: 0, mb: 2 }}>
      <Fact label="Vendor">
        <VendorLabel vendor={order.vendor} />
      </Fact>
      <Fact label="Placed">
        <Typography variant="body2">{formatDateTime(order.created_at)}</Typography>
        <Typography variant="caption" color="text.secondary">
          by {order.created_by || '—'}
        </Typography>
      </Fact>
      <Fact label="Status">
        <OrderStatus order={order} />
      </Fact>
      <Fact label="Receiving">
        <ReceivingStatusChip status={order.receiving_status} />
      </Fact>
      <Fact label="Vendor reference">
        <Typography variant="body2">{order.vendor_reference ?? '—'}</Typography>
      </Fact>
      <Fact label="Shipment">
        {order.tracking_url ? <OrderTrackingInfo url={order.tracking_url} carrier={order.carrier} /> : <Typography variant="body2">{order.carrier ?? '—'}</Typography>}
      </Fact>
      <Fact label="Total">
        <Typography variant="body2">{formatDollars(order.total)}</Typography>
      </Fact>
      <Fact label="Saved">
        <Typography variant="body2" color={order.saved > 0 ? 'success.main' : undefined}>
          {formatDollars(order.saved)}
        </Typography>
      </Fact>
    </Box>
  );
}

function OrderLines({ order }: { order: MarketplaceOrderDetail }) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <OrderLinesTable
        number={order.number}
        lines={order.lines}
        total={order.total}
        leading={[
          { label: 'Product', cell: (line) => line.product.name },
          { label: 'SKU', cell: (line) => line.sku },
        ]}
        quantityLabel="Packs"
        size="small"
        minWidth={560}
      />
    </TableContainer>
  );
}

/** One order: what it holds, where it stands, its shipment, and what may be done next. */
export function OrderDetailsDialog({ orderId, canUpdate, receive, onClose }: OrderDetailsDialogProps) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const order = useQuery(marketplaceOrderQueryOptions(orderId));
  const [receiving, setReceiving] = useState(false);
  const data = order.data;

  let body: ReactNode;
  if (order.isPending) body = <Skeleton variant="rounded" height={220} aria-label="Loading the order" />;
  else if (order.isError) {
    const missing = isMissingRecord(order.error);
    body = <Alert severity={missing ? 'info' : 'error'}>{missing ? 'This order does not exist.' : errorMessage(order.error, 'Could not load the order.')}</Alert>;
  } else {
    body = (
      <>
        <OrderFacts order={order.data} />
        {order.data.vendor.kind === 'distributor' ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {MARKETPLACE_MESSAGES.notOwnSupplier}.
          </Typography>
        ) : null}
        <OrderLines order={order.data} />
      </>
    );
  }

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={fullScreen} aria-labelledby="order-details-title">
      <DialogTitle id="order-details-title">{data ? `Order ${data.number}` : 'Order'}</DialogTitle>
      <DialogContent>{body}</DialogContent>
      <DialogActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1 }}>
        {data && canUpdate ? <OrderStatusActions order={data} /> : null}
        {data && receive && canReceiveOrder(data) ? (
          <Button variant="contained" startIcon={<MoveToInboxOutlined />} onClick={() => { setReceiving(true); }}>
            Receive
          </Button>
        ) : null}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      {data && receive && receiving ? receive(data.id, () => { setReceiving(false); }) : null}
    </Dialog>
  );
}
