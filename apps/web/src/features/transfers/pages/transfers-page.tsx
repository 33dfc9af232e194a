import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { can, TRANSFER_MESSAGES, TRANSFER_STATUS_LABELS, type Transfer, type TransferStatus } from '@clinic/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { PagedTable, type PageState } from '../../../components/paged-table';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDollars, unitCount } from '../../../lib/format';
import { useProfile } from '../../../lib/profile';
import { transfersPageQueryOptions, useCancelTransfer } from '../api/transfers-api';
import { ReceiveDialog } from '../components/receive-dialog';
import { ShipDialog } from '../components/ship-dialog';
import { TransferFormDialog } from '../components/transfer-form-dialog';

const STATUS_COLORS: Record<TransferStatus, ChipProps['color']> = { requested: 'warning', in_transit: 'info', received: 'success', canceled: 'default' };

const COLUMNS = [
  { key: 'date', label: 'Date' },
  { key: 'from', label: 'From' },
  { key: 'to', label: 'To' },
  { key: 'products', label: 'Products' },
  { key: 'units', label: 'Units', align: 'right' as const },
  { key: 'value', label: 'Value', align: 'right' as const },
  { key: 'status', label: 'Status' },
  { key: 'actions', label: 'Actions', srOnly: true },
];

type Action = { kind: 'request' | 'send' } | { kind: 'ship' | 'receive' | 'cancel'; transfer: Transfer };

/** What a row shows of its products: the lots shipped, or what was asked for before that. */
function productsOf(t: Transfer): { text: string; units: number } {
  if (t.lines.length > 0) return { text: [...new Set(t.lines.map((l) => `${l.product_name} (lot ${l.lotNumber || '—'})`))].join(', '), units: t.units_shipped };
  return { text: t.items.map((i) => i.product_name).join(', '), units: t.items.reduce((s, i) => s + i.units, 0) };
}

/**
 * Transfers of units between the locations of the organization (issue 34, item 3): asked for,
 * shipped (in transit, with their value, seen at both ends) and received, here or there. This
 * location ships what it sends and receives what comes to it.
 */
export function TransfersPage() {
  const notify = useNotify();
  const profile = useProfile();
  const here = profile.data?.company?.id ?? '';
  const mayChange = can(profile.data?.permissions ?? {}, 'stock', 'update');
  const [pageState, setPageState] = useState<PageState>({ page: 0, perPage: 10 });
  const [direction, setDirection] = useState<'' | 'incoming' | 'outgoing'>('');
  const transfers = useQuery(transfersPageQueryOptions(pageState.page + 1, pageState.perPage, direction));
  const cancel = useCancelTransfer();
  const [action, setAction] = useState<Action | null>(null);
  const close = () => { setAction(null); };
  const inTransit = transfers.data?.in_transit;

  const actionsOf = (t: Transfer) => {
    if (!mayChange) return null;
    const buttons = [];
    if (t.status === 'requested' && t.from.id === here) buttons.push({ kind: 'ship' as const, label: 'Ship' });
    if (t.status === 'in_transit' && t.to.id === here) buttons.push({ kind: 'receive' as const, label: 'Receive' });
    if (t.status === 'requested') buttons.push({ kind: 'cancel' as const, label: 'Cancel' });
    return buttons.map((b) => (
      <Button key={b.kind} size="small" color={b.kind === 'cancel' ? 'error' : 'primary'} aria-label={`${b.label} the transfer from ${t.from.name} to ${t.to.name} of ${formatDate(t.created_at)}`} onClick={() => { setAction({ kind: b.kind, transfer: t }); }}>
        {b.label}
      </Button>
    ));
  };

  return (
    <Box>
      <PageHeader
        title="Transfers"
        subtitle="Units sent between the locations of your organization. In transit, they are on no shelf until received."
        actions={
          mayChange ? (
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" onClick={() => { setAction({ kind: 'request' }); }}>
                Ask for units
              </Button>
              <Button variant="contained" onClick={() => { setAction({ kind: 'send' }); }}>
                Send units
              </Button>
            </Stack>
          ) : null
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography aria-live="polite">
          In transit to this location: {unitCount(inTransit?.incoming.units ?? 0)} ({formatDollars(inTransit?.incoming.value ?? 0)}) · from this location: {unitCount(inTransit?.outgoing.units ?? 0)} ({formatDollars(inTransit?.outgoing.value ?? 0)})
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={direction}
          aria-label="Which transfers"
          onChange={(_e, next: '' | 'incoming' | 'outgoing' | null) => {
            if (next === null) return;
            setDirection(next);
            setPageState((s) => ({ ...s, page: 0 }));
          }}
        >
          <ToggleButton value="">All</ToggleButton>
          <ToggleButton value="incoming">Incoming</ToggleButton>
          <ToggleButton value="outgoing">Outgoing</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <PagedTable
        label="Transfers"
        columns={COLUMNS}
        total={transfers.data?.total ?? 0}
        pageState={pageState}
        onPageStateChange={setPageState}
        loading={transfers.isFetching}
        error={transfers.isError ? errorMessage(transfers.error, 'Could not load the transfers.') : null}
        emptyText="No transfers yet"
        rowCount={transfers.data?.results.length ?? 0}
      >
        {(transfers.data?.results ?? []).map((t) => {
          const { text, units } = productsOf(t);
          return (
            <TableRow key={t.id} aria-label={`${t.from.name} to ${t.to.name}, ${TRANSFER_STATUS_LABELS[t.status]}`}>
              <TableCell data-label="Date">{formatDate(t.shipped?.at ?? t.created_at)}</TableCell>
              <TableCell data-label="From">{t.from.name}</TableCell>
              <TableCell data-label="To">{t.to.name}</TableCell>
              <TableCell data-label="Products">{text}</TableCell>
              <TableCell data-label="Units" align="right">
                {units}
              </TableCell>
              <TableCell data-label="Value" align="right">
                {t.lines.length > 0 ? formatDollars(t.value_shipped) : '—'}
              </TableCell>
              <TableCell data-label="Status">
                <Chip size="small" variant="outlined" label={TRANSFER_STATUS_LABELS[t.status]} color={STATUS_COLORS[t.status]} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {actionsOf(t)}
              </TableCell>
            </TableRow>
          );
        })}
      </PagedTable>
      {action?.kind === 'request' || action?.kind === 'send' ? <TransferFormDialog mode={action.kind} currentCompanyId={here} onClose={close} /> : null}
      {action?.kind === 'ship' ? <ShipDialog transfer={action.transfer} onClose={close} /> : null}
      {action?.kind === 'receive' ? <ReceiveDialog transfer={action.transfer} onClose={close} /> : null}
      <ConfirmDialog
        open={action?.kind === 'cancel'}
        title="Cancel this transfer?"
        message="The request is withdrawn; nothing was shipped yet."
        confirmLabel="Cancel transfer"
        cancelLabel="Keep"
        destructive
        loading={cancel.isPending}
        onConfirm={() => {
          if (action?.kind !== 'cancel') return;
          cancel.mutate(action.transfer.id, {
            onSuccess: () => {
              notify.success(TRANSFER_MESSAGES.canceled);
              close();
            },
            onError: (e) => {
              notify.error(errorMessage(e, TRANSFER_MESSAGES.failed));
              close();
            },
          });
        }}
        onClose={close}
      />
    </Box>
  );
}
