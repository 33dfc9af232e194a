import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { Product, ProductType } from '@clinic/domain';
import { AppLink } from '../../../components/link';
import { PagedTable, type PageState } from '../../../components/paged-table';
import { ProductThumbnail } from '../../../components/product-thumbnail';

const COLUMNS = [
  { key: 'image', label: 'Image', srOnly: true },
  { key: 'name', label: 'Name' },
  { key: 'brand', label: 'Brand' },
  { key: 'type', label: 'Type' },
  { key: 'status', label: 'Status' },
];

const TYPE_LABELS: Record<ProductType, string> = {
  disposable: 'Disposable',
  consumable: 'Consumable',
};

/** Spec section 2: a product is either Approved or Pending Approval. */
function ApprovalChip({ approved }: { approved: boolean }) {
  return approved ? (
    <Chip size="small" variant="outlined" color="success" label="Approved" />
  ) : (
    <Chip size="small" variant="outlined" color="warning" label="Pending Approval" />
  );
}

interface CategoryProductsTableProps {
  products: Product[];
  total: number;
  pageState: PageState;
  onPageStateChange: (next: PageState) => void;
  loading: boolean;
  error: string | null;
  emptyText: string;
}

export function CategoryProductsTable({ products, total, pageState, onPageStateChange, loading, error, emptyText }: CategoryProductsTableProps) {
  return (
    <PagedTable
      label="Products"
      columns={COLUMNS}
      total={total}
      pageState={pageState}
      onPageStateChange={onPageStateChange}
      loading={loading}
      error={error}
      emptyText={emptyText}
      rowCount={products.length}
      minWidth={640}
    >
      {products.map((product) => (
        <TableRow key={product.id} hover>
          <TableCell sx={{ width: 56 }}>
            <ProductThumbnail url={product.product_image_url} />
          </TableCell>
          <TableCell sx={{ fontWeight: 500, minWidth: 200, overflowWrap: 'anywhere' }}>
            <AppLink to={`/products/${product.id}`} underline="hover">
              {product.name}
            </AppLink>
          </TableCell>
          <TableCell sx={{ minWidth: 120 }}>{product.brand || '—'}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{TYPE_LABELS[product.type]}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <ApprovalChip approved={product.is_approved} />
          </TableCell>
        </TableRow>
      ))}
    </PagedTable>
  );
}
