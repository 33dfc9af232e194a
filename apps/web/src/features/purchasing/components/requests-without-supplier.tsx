import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { ActionDialog } from '../../../components/action-dialog';
import { AppLink } from '../../../components/link';
import { PRODUCT_REQUEST_MESSAGES, PRODUCT_REQUEST_URGENCY_LABELS, PURCHASING_MESSAGES, type RequestWithoutSupplier } from '@clinic/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SupplierPicker, type SupplierOption } from '../../../components/supplier-picker';
import { useNotify } from '../../../components/notifications/use-notify';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { requestsWithoutSupplierQueryOptions, useChooseRequestSupplier, useDeclineRequest } from '../api/product-requests-api';

const containers = (quantity: number) => `${String(quantity)} ${quantity === 1 ? 'container' : 'containers'}`;

/** The supplier for one request: it goes on that supplier's open running list as a high-priority line. */
function ChooseSupplierDialog({ request, onClose }: { request: RequestWithoutSupplier; onClose: () => void }) {
  const notify = useNotify();
  const choose = useChooseRequestSupplier();
  const [supplier, setSupplier] = useState<SupplierOption | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const submit = () => {
    if (!supplier) {
      setProblem(PURCHASING_MESSAGES.selectSupplier);
      return;
    }
    // The promise, not mutate's callbacks: choosing the last request empties the list, which unmounts
    // this dialog before the list's refetch ends, and mutate's callbacks skip an unmounted caller.
    choose.mutateAsync({ id: request.id, body: { supplier_id: supplier.id } }).then(
      () => {
        notify.success(PRODUCT_REQUEST_MESSAGES.supplierChosen(supplier.name));
        onClose();
      },
      (error: unknown) => {
        const field = error instanceof ApiError ? error.errors.find((e) => e.field === 'supplier_id') : undefined;
        if (field) setProblem(field.message);
        else notify.error(errorMessage(error, PRODUCT_REQUEST_MESSAGES.chooseFailed));
      },
    );
  };
  return (
    <ActionDialog
      form
      title="Choose a supplier"
      description={`${containers(request.quantity)} of ${request.product.name} go on the supplier’s running list as high priority.`}
      submitLabel="Add to running list"
      onSubmit={submit}
      pending={choose.isPending}
      cancelDisabledWhilePending
      onClose={onClose}
      maxWidth="xs"
    >
      <SupplierPicker
        value={supplier}
        onChange={(next) => {
          setSupplier(next);
          setProblem(undefined);
        }}
        error={problem}
      />
    </ActionDialog>
  );
}

function RequestRow({ request, onChoose, onDecline }: { request: RequestWithoutSupplier; onChoose: () => void; onDecline: () => void }) {
  const label = `${request.product.name}, ${containers(request.quantity)}`;
  return (
    <Box component="li" aria-label={label} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Typography variant="body1" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          <AppLink to={`/products/${request.product_id}`}>{request.product.name}</AppLink>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {containers(request.quantity)} · asked by {request.requested_by.name} on {formatDate(request.created_at)}
          {request.note ? ` · ${request.note}` : ''}
        </Typography>
      </Box>
      <Chip size="small" variant="outlined" color={request.urgency === 'urgent' ? 'error' : request.urgency === 'this_week' ? 'warning' : 'default'} label={PRODUCT_REQUEST_URGENCY_LABELS[request.urgency]} />
      <Stack direction="row" spacing={1}>
        <Button variant="contained" size="small" onClick={onChoose} aria-label={`Choose a supplier for ${label}`} sx={{ minHeight: 44 }}>
          Choose supplier
        </Button>
        <Button size="small" color="inherit" onClick={onDecline} aria-label={`Decline ${label}`} sx={{ minHeight: 44 }}>
          Decline
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * "Requests without a supplier" (issue 50) on the running lists page, for the location's admins:
 * what staff asked for that no vendor offers in stock and nobody bought here yet. Choosing a
 * supplier puts it on that supplier's list; declining cancels it. Nothing shows when none wait.
 */
export function RequestsWithoutSupplier() {
  const notify = useNotify();
  const requests = useQuery(requestsWithoutSupplierQueryOptions());
  const decline = useDeclineRequest();
  const [choosing, setChoosing] = useState<RequestWithoutSupplier | null>(null);
  const [declining, setDeclining] = useState<RequestWithoutSupplier | null>(null);
  if (requests.isError) return <Alert severity="error">{errorMessage(requests.error, 'Could not load the requests without a supplier.')}</Alert>;
  const rows = requests.data?.results ?? [];
  if (rows.length === 0) return null;
  const total = requests.data?.total ?? rows.length;
  return (
    <Paper component="section" aria-labelledby="requests-without-supplier-title" sx={{ p: 2, mb: 2 }}>
      <Typography id="requests-without-supplier-title" variant="h2">
        Requests without a supplier ({total})
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        No price list offers these in stock and they were never bought here: choose who to order them from.
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((request) => (
          <RequestRow key={request.id} request={request} onChoose={() => { setChoosing(request); }} onDecline={() => { setDeclining(request); }} />
        ))}
      </Box>
      {total > rows.length ? (
        <Typography variant="caption" color="text.secondary">
          The {rows.length} most urgent and oldest are shown.
        </Typography>
      ) : null}
      {choosing ? <ChooseSupplierDialog request={choosing} onClose={() => { setChoosing(null); }} /> : null}
      <ConfirmDialog
        open={declining !== null}
        title="Decline the request"
        message={declining ? `${declining.requested_by.name} will see the request for ${declining.product.name} as cancelled. Nothing is ordered.` : ''}
        confirmLabel="Decline"
        destructive
        loading={decline.isPending}
        onClose={() => { setDeclining(null); }}
        onConfirm={() => {
          if (!declining) return;
          // As in the dialog above: declining the last request unmounts this list.
          decline.mutateAsync(declining.id).then(
            () => {
              notify.success(PRODUCT_REQUEST_MESSAGES.declined);
              setDeclining(null);
            },
            (error: unknown) => { notify.error(errorMessage(error, PRODUCT_REQUEST_MESSAGES.declineFailed)); },
          );
        }}
      />
    </Paper>
  );
}
