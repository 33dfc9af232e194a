import { SUPPLIER_MESSAGES, type Supplier } from '@clinic/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { useDeleteSupplier } from '../api/suppliers-api';
import { supplierFailureMessage } from '../supplier-messages';

export function DeleteSupplierDialog({ supplier, onClose }: { supplier: Supplier; onClose: () => void }) {
  const notify = useNotify();
  const deleteSupplier = useDeleteSupplier();

  const confirm = () => {
    deleteSupplier.mutate(supplier.id, {
      onSuccess: () => {
        notify.success(SUPPLIER_MESSAGES.deleted);
        onClose();
      },
      onError: (error) => { notify.error(supplierFailureMessage('delete', error)); },
    });
  };

  return (
    <ConfirmDialog
      open
      title="Delete supplier"
      message={`Delete ${supplier.name}? It will no longer be offered when adding stock; stock already received from it keeps its name.`}
      confirmLabel="Delete"
      destructive
      loading={deleteSupplier.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
