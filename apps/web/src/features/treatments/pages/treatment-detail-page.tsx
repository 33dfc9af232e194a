import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { can, TREATMENT_MESSAGES } from '@clinic/domain';
import { AppLink } from '../../../components/link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { ProductThumbnail } from '../../../components/product-thumbnail';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage, isMissingRecord } from '../../../lib/api-client';
import { formatDollars } from '../../../lib/format';
import { useProfile } from '../../../lib/profile';
import { treatmentQueryOptions, useDeleteTreatment } from '../api/treatments-api';

/** /treatment/design/{id}: a treatment's tray and what one visit costs at today's prices. */
export function TreatmentDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const permissions = useProfile().data?.permissions ?? {};
  const treatment = useQuery(treatmentQueryOptions(id));
  const remove = useDeleteTreatment();
  const [confirming, setConfirming] = useState(false);

  if (treatment.isPending) return <PageLoader />;
  if (treatment.isError) {
    const missing = isMissingRecord(treatment.error);
    return <Alert severity={missing ? 'info' : 'error'}>{missing ? 'This treatment does not exist or was deleted.' : errorMessage(treatment.error, 'Could not load the treatment.')}</Alert>;
  }
  const data = treatment.data;
  return (
    <>
      <PageHeader
        title={`${data.treatment_code} · ${data.name}`}
        subtitle={[data.abbreviation, data.category?.name].filter(Boolean).join(' · ') || undefined}
        leading={
          <Tooltip title="Back to treatments">
            <IconButton component={RouterLink} to="/treatment/design" aria-label="Back to treatments">
              <ArrowBackOutlined />
            </IconButton>
          </Tooltip>
        }
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {can(permissions, 'treatments', 'delete') ? (
              <Button color="error" variant="outlined" startIcon={<DeleteOutlined />} onClick={() => { setConfirming(true); }}>
                Delete
              </Button>
            ) : null}
            {can(permissions, 'treatments', 'update') ? (
              <Button variant="contained" startIcon={<EditOutlined />} component={RouterLink} to={`/treatment/form/${data.id}`}>
                Edit
              </Button>
            ) : null}
          </Stack>
        }
      />
      {data.description ? <Typography sx={{ mb: 2 }}>{data.description}</Typography> : null}
      <TableContainer component={Paper} sx={{ position: 'relative' }}>
        <Table aria-label={`Tray of ${data.treatment_code}`} sx={{ minWidth: 600 }}>
          <TableHead>
            <TableRow>
              <TableCell>Product</TableCell>
              <TableCell align="right">Units</TableCell>
              <TableCell align="right">Unit price</TableCell>
              <TableCell align="right">Cost</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.treatmentProducts.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4}>No products in the tray.</TableCell>
              </TableRow>
            ) : null}
            {data.treatmentProducts.map((item) => (
              <TableRow key={item.product_id} hover>
                <TableCell>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                    <ProductThumbnail url={item.product.product_image_url} />
                    <AppLink to={`/products/${item.product_id}`}>{item.product.name}</AppLink>
                  </Stack>
                </TableCell>
                <TableCell align="right">{item.quantity}</TableCell>
                <TableCell align="right">{item.estimated_unit_price === null ? <Chip size="small" variant="outlined" color="warning" label="Not in stock" /> : formatDollars(item.estimated_unit_price, 5)}</TableCell>
                <TableCell align="right">{item.estimated_unit_price === null ? '—' : formatDollars(item.quantity * item.estimated_unit_price)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell colSpan={3} sx={{ fontWeight: 700 }}>
                Estimated cost per visit
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {formatDollars(data.estimated_cost)}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Unit prices are those of the lot a visit would draw next (first expiry first).
      </Typography>
      <ConfirmDialog
        open={confirming}
        title="Delete treatment"
        message={`${data.treatment_code} · ${data.name}: ${TREATMENT_MESSAGES.deleteConfirm}`}
        confirmLabel="Delete"
        destructive
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(data.id, {
            onSuccess: () => {
              notify.success(TREATMENT_MESSAGES.deleted);
              void navigate('/treatment/design');
            },
            onError: () => { notify.error(TREATMENT_MESSAGES.deleteFailed); },
          })
        }
        onClose={() => { setConfirming(false); }}
      />
    </>
  );
}
