import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { can, VENDOR_ORDER_STATUS_LABELS, VENDOR_ORDER_STATUSES, type VendorOrderStatus } from '@clinic/domain';
import { DateRangePicker } from '../../../components/date-range-picker';
import { PageHeader } from '../../../components/page-header';
import type { PageState } from '../../../components/paged-table';
import { errorMessage } from '../../../lib/api-client';
import { rangeChoice, type RangeChoice } from '../../../lib/date-range';
import { useProfile } from '../../../lib/profile';
import { marketplaceOrdersQueryOptions } from '../api/marketplace-api';
import { OrderCards } from '../components/order-cards';
import { OrderDetailsDialog, type ReceiveSlot } from '../components/order-details-dialog';
import { OrdersTable } from '../components/orders-table';
import { orderRange } from '../order-range';

/**
 * /marketplace/orders: the orders placed in a range (this month first, the dashboard's presets),
 * where each stands with its vendor and in receiving. `receive` is the purchase order's receive
 * dialog, handed in by the route (features do not import each other).
 */
export function MarketplaceOrdersPage({ receive }: { receive?: ReceiveSlot | undefined }) {
  const profile = useProfile();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [choice, setChoice] = useState<RangeChoice>(() => rangeChoice('this_month'));
  const [status, setStatus] = useState<VendorOrderStatus | ''>('');
  const [pageState, setPageState] = useState<PageState>({ page: 0, perPage: 10 });
  const [openId, setOpenId] = useState<string | null>(null);
  const { range, problem } = orderRange(choice);
  const orders = useQuery({
    ...marketplaceOrdersQueryOptions({ startDate: range?.startDate ?? '', endDate: range?.endDate ?? '', status: status || undefined, currentPage: pageState.page + 1, perPage: pageState.perPage }),
    enabled: range !== null,
  });
  const canUpdate = can(profile.data?.permissions ?? {}, 'marketplace', 'create');
  const firstPage = () => { setPageState((s) => ({ ...s, page: 0 })); };

  const list = {
    orders: range ? (orders.data?.results ?? []) : [],
    total: range ? (orders.data?.total ?? 0) : 0,
    pageState,
    onPageStateChange: setPageState,
    loading: range !== null && orders.isFetching,
    error: orders.isError ? errorMessage(orders.error, 'Could not load the orders.') : null,
    emptyText: problem ?? (status ? `No ${VENDOR_ORDER_STATUS_LABELS[status].toLowerCase()} orders in this range.` : 'No marketplace orders in this range.'),
    onOpen: (order: { id: string }) => { setOpenId(order.id); },
  };

  return (
    <>
      <PageHeader
        title="Marketplace orders"
        subtitle="Orders placed through the marketplace, where each stands with its vendor, and receiving them."
        actions={
          <Button variant="outlined" startIcon={<StorefrontOutlined />} component={RouterLink} to="/marketplace">
            Marketplace
          </Button>
        }
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}>
        <DateRangePicker
          value={choice}
          onChange={(next) => {
            setChoice(next);
            firstPage();
          }}
          error={problem}
        />
        <TextField
          select
          size="small"
          label="Status"
          fullWidth={false}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as VendorOrderStatus | '');
            firstPage();
          }}
          sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          <MenuItem value="">All</MenuItem>
          {VENDOR_ORDER_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {VENDOR_ORDER_STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {phone ? <OrderCards {...list} /> : <OrdersTable {...list} />}
      {openId ? <OrderDetailsDialog key={openId} orderId={openId} canUpdate={canUpdate} receive={receive} onClose={() => { setOpenId(null); }} /> : null}
    </>
  );
}
