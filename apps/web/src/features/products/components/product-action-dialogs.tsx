import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PRODUCT_MESSAGES, type Product } from '@clinic/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { useApproveProduct, useDeleteProduct, useRejectProduct } from '../api/products-api';
import { productFailureMessage, stockHoldersOf, type StockHolder } from '../product-messages';
import { HeldInStockDialog } from './held-in-stock-dialog';
import { deleteLabel, type ProductViewer } from '../product-actions';

interface Props {
  product: Pick<Product, 'id' | 'name' | 'is_approved'>;
  onClose: () => void;
  /** Where to go once the product is gone (the detail page leaves itself). */
  leaveTo?: string;
}

export function DeleteProductDialog({ product, viewer, onClose, leaveTo }: Props & { viewer: ProductViewer }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const remove = useDeleteProduct();
  const label = deleteLabel(viewer, product);
  const [holders, setHolders] = useState<StockHolder[]>([]);
  if (holders.length > 0) return <HeldInStockDialog productName={product.name} holders={holders} onClose={onClose} />;
  return (
    <ConfirmDialog
      open
      title={`${label} ${product.name}?`}
      message={label === 'Remove' ? PRODUCT_MESSAGES.removeConfirm : PRODUCT_MESSAGES.deleteConfirm}
      confirmLabel={label}
      destructive
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        remove.mutate(product.id, {
          onSuccess: () => {
            notify.success(PRODUCT_MESSAGES.deleted);
            onClose();
            if (leaveTo) void navigate(leaveTo, { replace: true });
          },
          onError: (error) => {
            const held = stockHoldersOf(error);
            if (held.length > 0) setHolders(held);
            else notify.error(productFailureMessage('delete', error));
          },
        });
      }}
    />
  );
}

export function ApproveProductDialog({ product, onClose }: Props) {
  const notify = useNotify();
  const approve = useApproveProduct();
  return (
    <ConfirmDialog
      open
      title={`Approve ${product.name}?`}
      message={PRODUCT_MESSAGES.approveConfirm}
      confirmLabel="Approve"
      loading={approve.isPending}
      onClose={onClose}
      onConfirm={() => {
        approve.mutate(product.id, {
          onSuccess: () => {
            notify.success(PRODUCT_MESSAGES.approved);
            onClose();
          },
          onError: (error) => { notify.error(productFailureMessage('approve', error)); },
        });
      }}
    />
  );
}

export function RejectProductDialog({ product, onClose, leaveTo }: Props) {
  const notify = useNotify();
  const navigate = useNavigate();
  const reject = useRejectProduct();
  return (
    <ConfirmDialog
      open
      title={`Reject ${product.name}?`}
      message={PRODUCT_MESSAGES.rejectConfirm}
      confirmLabel="Reject"
      destructive
      loading={reject.isPending}
      onClose={onClose}
      onConfirm={() => {
        reject.mutate(product.id, {
          onSuccess: () => {
            notify.success(PRODUCT_MESSAGES.rejected);
            onClose();
            if (leaveTo) void navigate(leaveTo, { replace: true });
          },
          onError: (error) => { notify.error(productFailureMessage('reject', error)); },
        });
      }}
    />
  );
}
