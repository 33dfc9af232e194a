import type { PriceListItem } from '@clinic/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { useMatchPriceListItem } from '../api/price-list-api';

/** "Unmatch": a wrongly matched item stops standing for its product until it is matched again (by hand or by the next upload). */
export function UnmatchItemDialog({ supplierId, item, onClose }: { supplierId: string; item: PriceListItem; onClose: () => void }) {
  const notify = useNotify();
  const match = useMatchPriceListItem(supplierId);

  const confirm = () => {
    match.mutate(
      { itemId: item.id, product_id: null },
      {
        onSuccess: () => {
          notify.success('Item unmatched');
          onClose();
        },
        onError: (error) => { notify.error(errorMessage(error, 'Could not unmatch the item.')); },
      },
    );
  };

  return (
    <ConfirmDialog
      open
      title="Unmatch item"
      message={`Unmatch ${item.description} from ${item.product?.name ?? 'its product'}? The marketplace no longer offers it as that product.`}
      confirmLabel="Unmatch"
      destructive
      loading={match.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
