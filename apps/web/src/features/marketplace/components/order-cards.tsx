import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { ROWS_PER_PAGE_OPTIONS } from '../../../components/paged-table';
import { formatDate, formatDollars } from '../../../lib/format';
import type { OrderListProps } from './orders-table';
import { ReceivingStatusChip } from './receiving-status-chip';
import { OrderStatus } from './vendor-order-status-chip';
import { LoadingBar } from '../../../components/loading-bar';

/** The same orders as cards for phones, where the table's seven columns would scroll sideways. */
export function OrderCards({ orders, total, pageState, onPageStateChange, loading, error, emptyText, onOpen }: OrderListProps) {
  return (
    <Box>
      {error ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      ) : null}
      <LoadingBar loading={loading} sx={{ mb: 1 }} />
      {orders.length === 0 && !loading && !error ? (
        <Paper sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">{emptyText}</Typography>
        </Paper>
      ) : null}
      <Stack component="ul" aria-label="Marketplace orders" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {orders.map((order) => (
          <Paper component="li" key={order.id} aria-label={`Order ${order.number}`} sx={{ p: 2 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{order.number}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {order.vendor.name} · {formatDate(order.created_at)}
                </Typography>
              </Box>
              <Typography sx={{ fontWeight: 600 }}>{formatDollars(order.total)}</Typography>
            </Box>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start', my: 1 }}>
              <OrderStatus order={order} />
              <ReceivingStatusChip status={order.receiving_status} />
            </Stack>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography variant="body2" color={order.saved > 0 ? 'success.main' : 'text.secondary'}>
                Saved {formatDollars(order.saved)}
              </Typography>
              <Button size="small" onClick={() => { onOpen(order); }} aria-label={`Open order ${order.number}`}>
                Details
              </Button>
            </Box>
          </Paper>
        ))}
      </Stack>
      <TablePagination
        component="div"
        count={total}
        page={total === 0 ? 0 : pageState.page}
        rowsPerPage={pageState.perPage}
        rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS}
        onPageChange={(_event, page) => { onPageStateChange({ ...pageState, page }); }}
        onRowsPerPageChange={(event) => { onPageStateChange({ page: 0, perPage: Number(event.target.value) }); }}
        sx={{ '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': { display: 'none' } }}
      />
    </Box>
  );
}
