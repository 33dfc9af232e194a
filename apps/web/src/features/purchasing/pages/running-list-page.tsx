import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { can, PURCHASING_MESSAGES, type RunningListDetail, type RunningListProduct } from '@clinic/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage, isMissingRecord } from '../../../lib/api-client';
import { formatDate, formatDollars } from '../../../lib/format';
import { useProfile } from '../../../lib/profile';
import { runningListQueryOptions, useAddToRunningList, useGeneratePurchaseOrder, useRemoveRunningList, useRemoveRunningListProduct } from '../api/purchasing-api';
import { ProductSearchPicker, type ProductOption } from '../../../components/product-search-picker';
import { RunningListLines } from '../components/running-list-lines';

type Confirm = { kind: 'remove-line'; line: RunningListProduct } | { kind: 'remove-list' } | { kind: 'generate' };

export interface RunningListPageProps {
  /** What an open list offers besides ordering from its supplier (the marketplace's Compare in the marketplace). */
  openListAction?: ((list: RunningListDetail) => ReactNode) | undefined;
}

/** /running-list/{runningListId}: edit the lines, remove lines or the list, generate the purchase order. */
export function RunningListPage({ openListAction }: RunningListPageProps = {}) {
  const { runningListId = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const profile = useProfile();
  const permissions = profile.data?.permissions ?? {};
  const list = useQuery(runningListQueryOptions(runningListId));
  const add = useAddToRunningList();
  const removeLine = useRemoveRunningListProduct();
  const removeList = useRemoveRunningList();
  const generate = useGeneratePurchaseOrder();
  const [picked, setPicked] = useState<ProductOption | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);

  if (list.isPending) return <PageLoader />;
  if (list.isError) {
    const missing = isMissingRecord(list.error);
    return <Alert severity={missing ? 'info' : 'error'}>{missing ? 'This running list does not exist or was removed.' : errorMessage(list.error, 'Could not load the running list.')}</Alert>;
  }
  const data = list.data;
  const open = data.ordered_at === null;
  const canEdit = open && can(permissions, 'runningList', 'update');
  const canAdd = open && can(permissions, 'runningList', 'create');
  const canOrder = open && can(permissions, 'purchaseOrder', 'create');
  const listed = new Set(data.runningListProducts.map((l) => l.product_id));

  const addPicked = () => {
    if (!picked) return;
    add.mutate(
      { running_list_id: data.id, product_id: picked.id },
      {
        onSuccess: () => {
          notify.success(PURCHASING_MESSAGES.productAdded);
          setPicked(null);
        },
        onError: (error) => { notify.error(errorMessage(error, PURCHASING_MESSAGES.addFailed)); },
      },
    );
  };

  const onConfirm = () => {
    if (!confirm) return;
    if (confirm.kind === 'remove-line') {
      removeLine.mutate(confirm.line.id, {
        onSuccess: () => {
          notify.success(PURCHASING_MESSAGES.productRemoved);
          setConfirm(null);
        },
        onError: () => { notify.error(PURCHASING_MESSAGES.removeProductFailed); },
      });
    } else if (confirm.kind === 'remove-list') {
      removeList.mutate(data.id, {
        onSuccess: () => {
          notify.success(PURCHASING_MESSAGES.listRemoved);
          void navigate('/running-list');
        },
        onError: () => { notify.error(PURCHASING_MESSAGES.removeListFailed); },
      });
    } else {
      generate.mutate(data.id, {
        onSuccess: (order) => {
          notify.success(`${PURCHASING_MESSAGES.generated}: ${order.number}`);
          setConfirm(null);
          if (can(permissions, 'purchaseHistory', 'read')) void navigate(`/purchase-history/${order.id}`);
        },
        onError: () => { notify.error(PURCHASING_MESSAGES.generateFailed); },
      });
    }
  };

  return (
    <>
      <PageHeader
        title={`Running List: ${data.supplier.name}`}
        subtitle={`Started ${formatDate(data.created_at)} · ${String(data.products_count)} ${data.products_count === 1 ? 'product' : 'products'} · Total ${formatDollars(data.total)}`}
        leading={
          <Tooltip title="Back to running lists">
            <IconButton component={RouterLink} to="/running-list" aria-label="Back to running lists">
              <ArrowBackOutlined />
            </IconButton>
          </Tooltip>
        }
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            {open ? <Chip variant="outlined" label="Open" /> : <Chip variant="outlined" color="success" label={`Ordered ${formatDate(data.ordered_at)}`} />}
            {!open && data.purchase_order_id && can(permissions, 'purchaseHistory', 'read') ? (
              <Button variant="outlined" startIcon={<ReceiptLongOutlined />} component={RouterLink} to={`/purchase-history/${data.purchase_order_id}`}>
                View purchase order
              </Button>
            ) : null}
            {/* An ordered list is the record behind its purchase order: it stays. */}
            {open && can(permissions, 'runningList', 'delete') ? (
              <Button color="error" variant="outlined" startIcon={<DeleteOutlined />} onClick={() => { setConfirm({ kind: 'remove-list' }); }}>
                Remove list
              </Button>
            ) : null}
            {open ? openListAction?.(data) : null}
            {canOrder ? (
              <Button variant="contained" startIcon={<ReceiptLongOutlined />} disabled={data.products_count === 0} onClick={() => { setConfirm({ kind: 'generate' }); }}>
                Generate Purchase Order
              </Button>
            ) : null}
          </Stack>
        }
      />
      {canAdd ? (
        <Paper
          component="form"
          sx={{ p: 2, mb: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
          onSubmit={(event) => {
            event.preventDefault();
            addPicked();
          }}
          aria-label="Add a product to this running list"
        >
          <ProductSearchPicker value={picked} onChange={setPicked} label="Add a product" exclude={listed} />
          <Button type="submit" variant="outlined" disabled={!picked} loading={add.isPending}>
            Add
          </Button>
        </Paper>
      ) : null}
      <RunningListLines list={data} editable={canEdit} onRemove={(line) => { setConfirm({ kind: 'remove-line', line }); }} />
      <Box sx={{ height: 16 }} />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === 'generate' ? 'Generate Purchase Order' : confirm?.kind === 'remove-list' ? 'Remove running list' : 'Remove product'}
        message={
          confirm?.kind === 'generate'
            ? `Order ${String(data.products_count)} ${data.products_count === 1 ? 'product' : 'products'} from ${data.supplier.name} for ${formatDollars(data.total)}? The purchase order PDF is e-mailed to the supplier and this list can no longer be changed.`
            : confirm?.kind === 'remove-list'
              ? PURCHASING_MESSAGES.removeListConfirm
              : confirm?.kind === 'remove-line'
                ? `${confirm.line.product.name}: ${PURCHASING_MESSAGES.removeProductConfirm}`
                : ''
        }
        confirmLabel={confirm?.kind === 'generate' ? 'Generate' : 'Remove'}
        destructive={confirm?.kind !== 'generate'}
        loading={removeLine.isPending || removeList.isPending || generate.isPending}
        onConfirm={onConfirm}
        onClose={() => { setConfirm(null); }}
      />
    </>
  );
}
