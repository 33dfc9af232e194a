import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import AddOutlined from '@mui/icons-material/AddOutlined';
import AutoFixHighOutlined from '@mui/icons-material/AutoFixHighOutlined';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { can, PURCHASING_MESSAGES } from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
import { AppLink } from '../../../components/link';
import { PageHeader } from '../../../components/page-header';
import { PagedTable, type PageState } from '../../../components/paged-table';
import { SupplierPicker, type SupplierOption } from '../../../components/supplier-picker';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDollars } from '../../../lib/format';
import { useProfile } from '../../../lib/profile';
import { runningListsQueryOptions, useCreateRunningList, useReorderSuggestions } from '../api/purchasing-api';
import { RequestsWithoutSupplier } from '../components/requests-without-supplier';

const COLUMNS = [
  { key: 'supplier', label: 'Supplier' },
  { key: 'created', label: 'Started' },
  { key: 'products', label: 'Products', align: 'right' as const },
  { key: 'priority', label: 'High priority', align: 'right' as const },
  { key: 'total', label: 'Total', align: 'right' as const },
  { key: 'status', label: 'Status' },
];

/** A new, empty list for a supplier ('Select a supplier first!'). */
function NewRunningListDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreateRunningList();
  const [supplier, setSupplier] = useState<SupplierOption | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const submit = () => {
    setSubmitted(true);
    if (!supplier) return;
    create.mutate(supplier.id, {
      onSuccess: (list) => {
        onClose();
        void navigate(`/running-list/${list.id}`);
      },
      onError: (error) => { notify.error(errorMessage(error, 'Failed to create the running list')); },
    });
  };
  return (
    <ActionDialog
      form
      title="New running list"
      description="A running list collects what to order from one supplier until you generate the purchase order."
      submitLabel="Create"
      onSubmit={submit}
      pending={create.isPending}
      cancelDisabledWhilePending
      onClose={onClose}
      maxWidth="xs"
    >
      <SupplierPicker value={supplier} onChange={setSupplier} error={submitted && !supplier ? PURCHASING_MESSAGES.selectSupplier : undefined} />
    </ActionDialog>
  );
}

/**
 * "Reorder suggestions": every product below its minimum onto the open list of the supplier it last
 * came from; products never bought here go to the supplier chosen here, or are listed as left out.
 */
function ReorderSuggestionsDialog({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const suggest = useReorderSuggestions();
  const [supplier, setSupplier] = useState<SupplierOption | null>(null);
  const [leftOut, setLeftOut] = useState<string[] | null>(null);
  const run = () =>
    suggest.mutate(supplier ? { supplier_id: supplier.id } : {}, {
      onSuccess: (result) => {
        if (result.added === 0 && result.skipped.length === 0) notify.info(PURCHASING_MESSAGES.noSuggestions);
        else notify.success(PURCHASING_MESSAGES.suggestionsAdded(result.added));
        const unsupplied = result.skipped.filter((s) => s.reason.startsWith('Never stocked')).map((s) => s.name);
        if (unsupplied.length > 0) setLeftOut(unsupplied);
        else onClose();
      },
      onError: (error) => { notify.error(errorMessage(error, PURCHASING_MESSAGES.addFailed)); },
    });
  return (
    <ActionDialog
      title="Reorder suggestions"
      description="Every product below its minimum stock goes on the running list of the supplier it was last bought from, in whole containers enough to reach the minimum."
      plainContent
      submitLabel="Fill running lists"
      onSubmit={run}
      pending={suggest.isPending}
      cancelLabel="Close"
      cancelDisabledWhilePending
      onClose={onClose}
    >
      <SupplierPicker value={supplier} onChange={setSupplier} />
      <DialogContentText variant="body2" sx={{ mt: 1 }}>
        Optional: the supplier for products never bought here.
      </DialogContentText>
      {leftOut ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {`Not added, no supplier known yet: ${leftOut.join(', ')}. Choose a supplier above and run again, or add them by hand.`}
        </Alert>
      ) : null}
    </ActionDialog>
  );
}

/** /running-list: the location's lists per supplier with their totals; 'is not ordered' hides ordered ones. */
export function RunningListsPage() {
  const profile = useProfile();
  const canCreate = can(profile.data?.permissions ?? {}, 'runningList', 'create');
  // The location's admins choose suppliers for requests no vendor could take (issue 50).
  const isLocationAdmin = can(profile.data?.permissions ?? {}, 'companies', 'update');
  const [notOrdered, setNotOrdered] = useState(true);
  const [pageState, setPageState] = useState<PageState>({ page: 0, perPage: 10 });
  const [creating, setCreating] = useState(false);
  const [suggesting, setSuggesting] = useState(false);
  const lists = useQuery(runningListsQueryOptions({ notOrdered }, pageState.page + 1, pageState.perPage));
  const rows = lists.data?.results ?? [];

  return (
    <>
      <PageHeader
        title="Running Lists"
        tourId="running-lists"
        subtitle="What to order, per supplier, until the purchase order is generated."
        actions={
          canCreate ? (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="outlined" startIcon={<AutoFixHighOutlined />} onClick={() => { setSuggesting(true); }}>
                Reorder suggestions
              </Button>
              <Button variant="contained" startIcon={<AddOutlined />} onClick={() => { setCreating(true); }}>
                New running list
              </Button>
            </Stack>
          ) : null
        }
      />
      {isLocationAdmin ? <RequestsWithoutSupplier /> : null}
      <FormControlLabel
        sx={{ mb: 1 }}
        control={
          <Switch
            checked={notOrdered}
            onChange={(e) => {
              setNotOrdered(e.target.checked);
              setPageState((s) => ({ ...s, page: 0 }));
            }}
          />
        }
        label="Is not ordered"
      />
      <PagedTable
        label="Running lists"
        columns={COLUMNS}
        total={lists.data?.total ?? 0}
        pageState={pageState}
        onPageStateChange={setPageState}
        loading={lists.isFetching}
        error={lists.isError ? errorMessage(lists.error, 'Could not load the running lists.') : null}
        emptyText={notOrdered ? 'No open running lists. Add products from a product page or a low-stock alert.' : 'No running lists yet.'}
        rowCount={rows.length}
        minWidth={720}
      >
        {rows.map((list) => (
          <TableRow key={list.id} hover>
            <TableCell>
              <AppLink to={`/running-list/${list.id}`}>{list.supplier.name}</AppLink>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(list.created_at)}</TableCell>
            <TableCell align="right">{list.products_count}</TableCell>
            <TableCell align="right">{list.high_priority_count}</TableCell>
            <TableCell align="right">{formatDollars(list.total)}</TableCell>
            <TableCell>
              {list.ordered_at ? <Chip size="small" variant="outlined" color="success" label={`Ordered ${formatDate(list.ordered_at)}`} /> : <Chip size="small" variant="outlined" label="Open" />}
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
      {creating ? <NewRunningListDialog onClose={() => { setCreating(false); }} /> : null}
      {suggesting ? <ReorderSuggestionsDialog onClose={() => { setSuggesting(false); }} /> : null}
    </>
  );
}
