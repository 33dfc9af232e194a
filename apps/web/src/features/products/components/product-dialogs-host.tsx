import type { Product } from '@clinic/domain';
import type { ProductAction, ProductViewer } from '../product-actions';
import { ApproveProductDialog, DeleteProductDialog, RejectProductDialog } from './product-action-dialogs';
import { ProductFormDialog } from './product-form-dialog';

export interface ProductTarget {
  product: Product;
  action: ProductAction;
}

/** The one dialog a row or page action opens. */
export function ProductDialogsHost({ target, viewer, onClose, leaveTo }: { target: ProductTarget | null; viewer: ProductViewer; onClose: () => void; leaveTo?: string }) {
  if (!target) return null;
  const { product, action } = target;
  switch (action) {
    case 'edit':
      return <ProductFormDialog key={product.id} product={product} isAdmin={viewer.role === 'admin'} onClose={onClose} />;
    case 'approve':
      return <ApproveProductDialog key={product.id} product={product} onClose={onClose} />;
    case 'reject':
      return <RejectProductDialog key={product.id} product={product} onClose={onClose} leaveTo={leaveTo} />;
    case 'delete':
      return <DeleteProductDialog key={product.id} product={product} viewer={viewer} onClose={onClose} leaveTo={leaveTo} />;
  }
}
