import { CATEGORY_MESSAGES, type Category } from '@clinic/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { useDeleteCategory } from '../api/categories-api';
import { categoryFailureMessage } from '../category-messages';

export function DeleteCategoryDialog({ category, onClose }: { category: Category; onClose: () => void }) {
  const notify = useNotify();
  const deleteCategory = useDeleteCategory();

  const confirm = () => {
    deleteCategory.mutate(category.id, {
      onSuccess: () => {
        notify.success(CATEGORY_MESSAGES.deleted);
        onClose();
      },
      onError: (error) => { notify.error(categoryFailureMessage('delete', error)); },
    });
  };

  return (
    <ConfirmDialog
      open
      title="Delete category"
      message={
        <>
          <strong>{category.name}</strong>
          <br />
          {CATEGORY_MESSAGES.deleteConfirm}
        </>
      }
      confirmLabel="Delete"
      destructive
      loading={deleteCategory.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
