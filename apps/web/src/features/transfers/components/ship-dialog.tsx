import { useCallback, useState } from 'react';
import { TRANSFER_MESSAGES, type Transfer } from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
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
    <ActionDialog title={`Ship to ${transfer.to.name}`} error={error} submitLabel="Ship" onSubmit={submit} ready={ready} pending={ship.isPending} onClose={onClose}>
      {transfer.items.map((item) => (
        <LotPicks key={item.product_id} productId={item.product_id} productName={item.product_name} units={item.units} value={picks[item.product_id] ?? null} onChange={(next) => { update(item.product_id, next); }} />
      ))}
    </ActionDialog>
  );
}
