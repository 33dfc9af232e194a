import { MARKETPLACE_MESSAGES, type Supplier } from '@clinic/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { useRemovePriceList } from '../api/price-list-api';

export function RemovePriceListDialog({ supplier, items, onClose }: { supplier: Pick<Supplier, 'id' | 'name'>; items: number; onClose: () => void }) {
  const notify = useNotify();
  const remove = useRemovePriceList(supplier.id);

  const confirm = () => {
    remove.mutate(undefined, {
      onSuccess: () => {
        notify.success(MARKETPLACE_MESSAGES.priceListRemoved);
        onClose();
      },
      onError: (error) => { notify.error(errorMessage(error, 'Could not remove the price list.')); },
    });
  };

  return (
    <ConfirmDialog
      open
      title="Remove price list"
      message={`Remove the price list of ${supplier.name}? Its ${items.toLocaleString('en-US')} ${items === 1 ? 'item is' : 'items are'} no longer offered in the marketplace; orders already placed keep their prices.`}
      confirmLabel="Remove"
      destructive
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
