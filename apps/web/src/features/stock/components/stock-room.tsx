import { Fragment, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import RemoveCircleOutlineOutlined from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { useQuery } from '@tanstack/react-query';
import { STOCK_EMPTY_TEXT, STOCK_MESSAGES, STOCK_PAGE_SIZE, type LotStatus, type Product, type Stock } from '@clinic/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PagedTable } from '../../../components/paged-table';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDollars, unitCount } from '../../../lib/format';
import { stockPageQueryOptions, useDeleteStock } from '../api/stock-api';
import { ConsumeDialog } from './consume-dialog';
import { LotStatusChip, LotStatusDialog } from './lot-status-dialog';
import { StockFormDialog } from './stock-form-dialog';
import { UsageHistory } from './usage-history';
import { DisposeDialog } from './dispose-dialog';
import { LotRowActions, type LotAction } from './lot-row-actions';
import { ReturnDialog } from './return-dialog';
import { MoveDialog } from './move-dialog';

const COLUMNS = [
  { key: 'added', label: 'Added' },
  { key: 'lot', label: 'Lot / serial' },
  { key: 'supplier', label: 'Supplier' },
  { key: 'expiry', label: 'Expiry' },
  { key: 'received', label: 'Received', align: 'right' as const },
  // The Total row puts the value on hand under Unit price; its card names it.
  { key: 'price', label: 'Unit price', align: 'right' as const, footerLabel: 'Value on hand' },
  { key: 'left', label: 'Units left', align: 'right' as const },
  { key: 'actions', label: 'Actions', srOnly: true },
];

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit' | 'delete' | 'dispose' | 'return' | 'move'; stock: Stock }
  | { kind: 'consume'; stock?: Stock }
  | { kind: 'status'; stock: Stock; status: LotStatus };

const STATUS_OF: Partial<Record<LotAction, LotStatus>> = { recall: 'recalled', quarantine: 'quarantined', release: 'available' };

export interface StockRoomProps {
  product: Pick<Product, 'id' | 'name' | 'type' | 'basic_unit' | 'barcode' | 'manufacturer_code'>;
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  /** Spec section 2: "Add to Running List" sits with Add Stock; purchasing provides it. */
  reorderAction?: ReactNode;
  /** Beside the title: how long the shelf lasts (issue 35's days of cover), from the reorder feature. */
  summary?: ReactNode;
}

/** Spec section 2: the product's stock at this location, 5 a page, newest first, with totals. */
export function StockRoom({ product, canCreate, canUpdate, canDelete, reorderAction, summary }: StockRoomProps) {
  const notify = useNotify();
  const [page, setPage] = useState(0);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const stocks = useQuery(stockPageQueryOptions(product.id, page + 1));
  const remove = useDeleteStock();
  const rows = stocks.data?.results ?? [];
  const totals = stocks.data?.totals;

  const onLotAction = (stock: Stock, action: LotAction) => {
    const status = STATUS_OF[action];
    if (action === 'history') setOpen(open === stock.id ? null : stock.id);
    else if (status) setDialog({ kind: 'status', stock, status });
    else if (action === 'edit' || action === 'delete' || action === 'dispose' || action === 'return' || action === 'move') setDialog({ kind: action, stock });
  };

  const confirmDelete = (stock: Stock) =>
    remove.mutate(stock.id, {
      onSuccess: () => {
        notify.success(STOCK_MESSAGES.deleted);
        setDialog(null);
      },
      onError: (error) => { notify.error(errorMessage(error, STOCK_MESSAGES.deleteFailed)); },
    });

  return (
    <Box component="section" aria-labelledby="stock-room-title">
      <Box data-tour="stock-room" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id="stock-room-title" variant="h2">
            Stock Room
          </Typography>
          {summary}
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {reorderAction}
          {canUpdate ? (
            <Button variant="outlined" startIcon={<RemoveCircleOutlineOutlined />} onClick={() => { setDialog({ kind: 'consume' }); }} disabled={!totals || totals.units_left === 0}>
              Record consumption
            </Button>
          ) : null}
          {canCreate ? (
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => { setDialog({ kind: 'add' }); }}>
              Add Stock
            </Button>
          ) : null}
        </Stack>
      </Box>
      <PagedTable
        label={`Stock of ${product.name}`}
        columns={COLUMNS}
        total={stocks.data?.total ?? 0}
        pageState={{ page, perPage: STOCK_PAGE_SIZE }}
        onPageStateChange={(next) => { setPage(next.page); }}
        rowsPerPageOptions={[STOCK_PAGE_SIZE]}
        loading={stocks.isFetching}
        error={stocks.isError ? errorMessage(stocks.error, 'Could not load the stock.') : null}
        emptyText={STOCK_EMPTY_TEXT}
        rowCount={rows.length}
        minWidth={720}
        dense
        footer={
          totals ? (
            // One cell a column, not a spanning label: on phones the row is a card and each figure takes its column's caption.
            <TableRow>
              <TableCell sx={{ fontWeight: 700 }}>Total</TableCell>
              <TableCell />
              <TableCell />
              <TableCell />
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {unitCount(totals.total_units)}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {formatDollars(totals.value_left)} on hand
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {totals.units_left}
              </TableCell>
              <TableCell />
            </TableRow>
          ) : null
        }
      >
        {rows.map((stock) => {
          const historyOpen = open === stock.id;
          const subject = `lot ${stock.lotNumber || 'without number'} added ${formatDate(stock.created_at)}`;
          return (
            <Fragment key={stock.id}>
              <TableRow hover sx={{ '& > td': { borderBottom: historyOpen ? 'none' : undefined } }}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(stock.created_at)}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>{stock.lotNumber || '—'}</span>
                    {stock.has_unique_lot ? <Chip size="small" label="Serial" variant="outlined" /> : null}
                    {stock.isConsignment ? <Chip size="small" label="Consignment" color="info" variant="outlined" /> : null}
                    <LotStatusChip stock={stock} />
                  </Stack>
                  {/* Issue 34: the lot's storage place, under its number rather than in a column of its own (the table fits a tablet). */}
                  <Typography variant="caption" color="text.secondary" component="div">
                    {stock.place.name}
                  </Typography>
                </TableCell>
                <TableCell>{stock.supplier?.name ?? '—'}</TableCell>
                <TableCell>
                  {/* The chip goes under the date where the column is narrow (a tablet). */}
                  <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{formatDate(stock.expiry_date)}</Box>
                    {stock.is_expired ? <Chip size="small" label="Expired" color="error" /> : null}
                  </Stack>
                </TableCell>
                <TableCell align="right">
                  {stock.container_quantity} × {stock.units_per_container}
                </TableCell>
                <TableCell align="right">{formatDollars(stock.unit_price, 5)}</TableCell>
                <TableCell align="right">
                  <Tooltip title={`${String(stock.units_used)} used in treatments, ${String(stock.units_consumed)} consumed`}>
                    <span>
                      {stock.units_left} / {stock.total_units}
                    </span>
                  </Tooltip>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <LotRowActions
                    stock={stock}
                    subject={subject}
                    historyOpen={historyOpen}
                    canUpdate={canUpdate}
                    canDelete={canDelete}
                    onUse={() => { setDialog({ kind: 'consume', stock }); }}
                    onSelect={(action) => { onLotAction(stock, action); }}
                  />
                </TableCell>
              </TableRow>
              <TableRow>
                <TableCell colSpan={COLUMNS.length} sx={{ py: 0, borderBottom: historyOpen ? undefined : 'none' }}>
                  <Collapse in={historyOpen} unmountOnExit>
                    <UsageHistory usages={stock.stockUsages} />
                  </Collapse>
                </TableCell>
              </TableRow>
            </Fragment>
          );
        })}
      </PagedTable>
      {dialog?.kind === 'add' ? <StockFormDialog product={product} onClose={() => { setDialog(null); }} /> : null}
      {dialog?.kind === 'edit' ? <StockFormDialog product={product} stock={dialog.stock} onClose={() => { setDialog(null); }} /> : null}
      {dialog?.kind === 'status' ? <LotStatusDialog product={product} stock={dialog.stock} status={dialog.status} onClose={() => { setDialog(null); }} /> : null}
      {dialog?.kind === 'consume' ? <ConsumeDialog product={product} stock={dialog.stock} onClose={() => { setDialog(null); }} /> : null}
      {dialog?.kind === 'dispose' ? (
        <DisposeDialog product={product} lot={dialog.stock} presetReason={dialog.stock.is_expired ? 'expired' : undefined} presetUnits={dialog.stock.is_expired ? dialog.stock.units_left : undefined} onClose={() => { setDialog(null); }} />
      ) : null}
      {dialog?.kind === 'move' ? <MoveDialog product={product} lot={dialog.stock} onClose={() => { setDialog(null); }} /> : null}
      {dialog?.kind === 'return' ? <ReturnDialog product={product} lot={dialog.stock} supplierName={dialog.stock.supplier?.name} onClose={() => { setDialog(null); }} /> : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete stock"
        message={STOCK_MESSAGES.deleteConfirm}
        confirmLabel="Delete"
        destructive
        loading={remove.isPending}
        onConfirm={() => { if (dialog?.kind === 'delete') confirmDelete(dialog.stock); }}
        onClose={() => { setDialog(null); }}
      />
    </Box>
  );
}
