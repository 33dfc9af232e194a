import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import { purchaseOrderQueryOptions } from '../api/purchasing-api';
import { ReceiveDialog } from './receive-dialog';

/**
 * The receive dialog for a purchase order known by its id only (a marketplace order is one): its
 * lines, with their units per container, are loaded first.
 */
export function ReceiveOrderDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const order = useQuery(purchaseOrderQueryOptions(orderId));
  if (order.isSuccess) return <ReceiveDialog order={order.data} onClose={onClose} />;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="receive-loading-title">
      <DialogTitle id="receive-loading-title">Receive</DialogTitle>
      <DialogContent>
        {order.isError ? <Alert severity="error">{errorMessage(order.error, 'Could not load the order to receive.')}</Alert> : <Skeleton variant="rounded" height={160} aria-label="Loading the order" />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
