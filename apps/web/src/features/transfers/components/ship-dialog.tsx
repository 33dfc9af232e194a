import { useCallback, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TRANSFER_MESSAGES, type Transfer } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { useShipTransfer } from '../api/transfers-api';
import type { LotPick } from '../lot-plan';
import { LotPicks, picksToItems, picksValid } from './lot-picks';

/** A request shipped by this location: the requested units, from lots proposed first expiry first. */
export function ShipDialog({ transfer, onClose }: { transfer: Transfer; onClose: () => void }) {
  const notify = useNotify();
  const ship = useShipTransfer();
  const [picks, setPicks] = useState<Record<string, LotPick[] | null>>(() => Object.fromEntries(transfer.items.map((i) => [i.product_id, null])));
  const [error, setError] = useState<string | null>(null);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const update = useCallback((productId: string, next: LotPick[]) => { setPicks((all) => ({ ...all, [productId]: next })); }, []);
  const ready = transfer.items.every((i) => picksValid(picks[i.product_id]));
  const submit = () => {
    ship.mutate(
      { id: transfer.id, body: { items: transfer.items.flatMap((i) => picksToItems(i.product_id, picks[i.product_id] ?? [])), idempotency_key: idempotencyKey } },
      {
        onSuccess: () => {
          notify.success(TRANSFER_MESSAGES.shipped);
          onClose();
        },
        onError: (e) => { setError(errorMessage(e, TRANSFER_MESSAGES.failed)); },
      },
    );
  };
  return (
    <Dialog open onClose={ship.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="ship-title">
      <DialogTitle id="ship-title">Ship to {transfer.to.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {transfer.items.map((item) => (
            <LotPicks key={item.product_id} productId={item.product_id} productName={item.product_name} units={item.units} value={picks[item.product_id] ?? null} onChange={(next) => { update(item.product_id, next); }} />
          ))}
          {error ? (
            <Typography color="error" role="alert">
              {error}
            </Typography>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={!ready} loading={ship.isPending}>
          Ship
        </Button>
      </DialogActions>
    </Dialog>
  );
}
