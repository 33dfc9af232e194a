import Typography from '@mui/material/Typography';
import type { Product } from '@clinic/domain';
import { ProductListTable, type ProductListTableProps } from '../../../components/product-list-table';
import { RowMenu } from '../../../components/row-menu';
import { productActionLabel, type ProductAction, type ProductViewer } from '../product-actions';

interface ProductsTableProps extends Omit<ProductListTableProps, 'catalogColumns' | 'nameDetail' | 'actions'> {
  viewer: ProductViewer;
  actionsFor: (product: Product) => ProductAction[];
  onAction: (product: Product, action: ProductAction) => void;
  /** The admin's approval queue says which location submitted each product. */
  showSubmitter?: boolean;
}

/** /products and /products/pending: the catalog list with each product's actions. */
export function ProductsTable({ viewer, actionsFor, onAction, showSubmitter = false, ...list }: ProductsTableProps) {
  return (
    <ProductListTable
      {...list}
      nameDetail={(product) =>
        showSubmitter && product.submitted_by ? (
          <Typography variant="caption" color="text.secondary" component="div">
            Submitted by {product.submitted_by.location}, {product.submitted_by.organization}
          </Typography>
        ) : null
      }
      actions={(product) => (
        <RowMenu
          subject={product.name}
          items={actionsFor(product).map((kind) => ({ kind, label: productActionLabel(kind, viewer, product) }))}
          onSelect={(kind) => { onAction(product, kind); }}
        />
      )}
    />
  );
}
