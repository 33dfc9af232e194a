import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { MarketplaceOrder } from '@clinic/domain';
import { PagedTable, type PageState } from '../../../components/paged-table';
import { formatDate, formatDollars } from '../../../lib/format';
import { ReceivingStatusChip } from './receiving-status-chip';
import { VendorLabel } from './vendor-label';
import { OrderStatus } from './vendor-order-status-chip';

const COLUMNS = [
  { key: 'number', label: 'Order' },
  { key: 'vendor', label: 'Vendor' },
  { key: 'date', label: 'Placed' },
  { key: 'status', label: 'Status' },
  { key: 'receiving', label: 'Receiving' },
  { key: 'total', label: 'Total', align: 'right' as const },
  { key: 'saved', label: 'Saved', align: 'right' as const },
];

export interface OrderListProps {
  orders: MarketplaceOrder[];
  total: number;
  pageState: PageState;
  onPageStateChange: (next: PageState) => void;
  loading: boolean;
  error: string | null;
  emptyText: string;
  onOpen: (order: MarketplaceOrder) => void;
}

/** The orders of the range as a table (wider screens); the number opens the order. */
export function OrdersTable({ orders, total, pageState, onPageStateChange, loading, error, emptyText, onOpen }: OrderListProps) {
  return (
    <PagedTable
      label="Marketplace orders"
      columns={COLUMNS}
      total={total}
      pageState={pageState}
      onPageStateChange={onPageStateChange}
      loading={loading}
      error={error}
      emptyText={emptyText}
      rowCount={orders.length}
      minWidth={860}
    >
      {orders.map((order) => (
        <TableRow key={order.id} hover>
          <TableCell>
            <Button size="small" onClick={() => { onOpen(order); }} aria-label={`Open order ${order.number}`} sx={{ minWidth: 0, px: 0.5 }}>
              {order.number}
            </Button>
          </TableCell>
          <TableCell>
            <VendorLabel vendor={order.vendor} />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(order.created_at)}</TableCell>
          <TableCell sx={{ maxWidth: 240 }}>
            <OrderStatus order={order} />
          </TableCell>
          <TableCell>
            <ReceivingStatusChip status={order.receiving_status} />
          </TableCell>
          <TableCell align="right">{formatDollars(order.total)}</TableCell>
          <TableCell align="right" sx={{ color: order.saved > 0 ? 'success.main' : undefined }}>
            {formatDollars(order.saved)}
          </TableCell>
        </TableRow>
      ))}
    </PagedTable>
  );
}
