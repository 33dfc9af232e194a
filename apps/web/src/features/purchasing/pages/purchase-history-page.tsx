import { useState } from 'react';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { PURCHASE_ORDER_STATUS_LABELS, PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '@clinic/domain';
import { AppLink } from '../../../components/link';
import { PageHeader } from '../../../components/page-header';
import { PagedTable, type PageState } from '../../../components/paged-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDollars } from '../../../lib/format';
import { purchaseOrdersQueryOptions } from '../api/purchasing-api';
import { PurchaseOrderStatusChip } from '../components/purchase-order-status-chip';

const COLUMNS = [
  { key: 'number', label: 'Order' },
  { key: 'supplier', label: 'Supplier' },
  { key: 'date', label: 'Date' },
  { key: 'by', label: 'Ordered by' },
  { key: 'lines', label: 'Products', align: 'right' as const },
  { key: 'total', label: 'Total', align: 'right' as const },
  { key: 'status', label: 'Status' },
  { key: 'pdf', label: 'PDF' },
];

/** /purchase-history: the location's purchase orders, newest first, with what has been received. */
export function PurchaseHistoryPage() {
  const [status, setStatus] = useState<PurchaseOrderStatus | ''>('');
  const [pageState, setPageState] = useState<PageState>({ page: 0, perPage: 10 });
  const orders = useQuery(purchaseOrdersQueryOptions(status || undefined, pageState.page + 1, pageState.perPage));
  const rows = orders.data?.results ?? [];
  return (
    <>
      <PageHeader
        title="Purchase History"
        subtitle="Purchase orders sent to suppliers, and what has arrived."
        actions={
          <TextField
            select
            size="small"
            label="Status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as PurchaseOrderStatus | '');
              setPageState((s) => ({ ...s, page: 0 }));
            }}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">All</MenuItem>
            {PURCHASE_ORDER_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {PURCHASE_ORDER_STATUS_LABELS[s]}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      <PagedTable
        label="Purchase orders"
        columns={COLUMNS}
        total={orders.data?.total ?? 0}
        pageState={pageState}
        onPageStateChange={setPageState}
        loading={orders.isFetching}
        error={orders.isError ? errorMessage(orders.error, 'Could not load the purchase history.') : null}
        emptyText="No purchase orders yet. Generate one from a running list."
        rowCount={rows.length}
        minWidth={860}
      >
        {rows.map((order) => (
          <TableRow key={order.id} hover>
            <TableCell>
              <AppLink to={`/purchase-history/${order.id}`}>{order.number}</AppLink>
            </TableCell>
            <TableCell>{order.supplier.name}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(order.created_at)}</TableCell>
            <TableCell>{order.created_by || '—'}</TableCell>
            <TableCell align="right">{order.lines_count}</TableCell>
            <TableCell align="right">{formatDollars(order.total)}</TableCell>
            <TableCell>
              <PurchaseOrderStatusChip status={order.status} />
            </TableCell>
            <TableCell>
              {order.pdf_url ? (
                <Link href={order.pdf_url} target="_blank" rel="noopener" aria-label={`PDF of ${order.number}`}>
                  PDF
                </Link>
              ) : (
                '—'
              )}
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
    </>
  );
}
