import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DEFAULT_CATEGORY_NAME, type Product } from '@clinic/domain';
import { AppLink } from '../../../components/link';
import { PagedTable, type PageState } from '../../../components/paged-table';
import { RowMenu } from '../../../components/row-menu';
import { productActionLabel, type ProductAction, type ProductViewer } from '../product-actions';
import { ProductStatusChip } from './product-status-chip';
import { ProductThumbnail } from '../../../components/product-thumbnail';

const COLUMNS = [
  { key: 'image', label: 'Image', srOnly: true },
  { key: 'name', label: 'Name' },
  { key: 'brand', label: 'Brand' },
  { key: 'barcode', label: 'Barcode' },
  { key: 'category', label: 'Category' },
  { key: 'type', label: 'Type' },
  { key: 'status', label: 'Status' },
  { key: 'actions', label: 'Actions', srOnly: true, align: 'right' as const },
];

interface ProductsTableProps {
  products: Product[];
  total: number;
  pageState: PageState;
  onPageStateChange: (next: PageState) => void;
  loading: boolean;
  error: string | null;
  emptyText: string;
  viewer: ProductViewer;
  actionsFor: (product: Product) => ProductAction[];
  onAction: (product: Product, action: ProductAction) => void;
  /** The admin's approval queue says which location submitted each product. */
  showSubmitter?: boolean;
}

export function ProductsTable({ products, total, pageState, onPageStateChange, loading, error, emptyText, viewer, actionsFor, onAction, showSubmitter = false }: ProductsTableProps) {
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
      minWidth={860}
    >
      {products.map((product) => (
        <TableRow key={product.id} hover>
          <TableCell sx={{ width: 56 }}>
            <ProductThumbnail url={product.product_image_url} />
          </TableCell>
          <TableCell>
            <AppLink to={`/products/${product.id}`} underline="hover" sx={{ fontWeight: 600 }}>
              {product.name}
            </AppLink>
            {product.manufacturer_code ? (
              <Typography variant="caption" color="text.secondary" component="div">
                {product.manufacturer_code}
              </Typography>
            ) : null}
            {showSubmitter && product.submitted_by ? (
              <Typography variant="caption" color="text.secondary" component="div">
                Submitted by {product.submitted_by.location}, {product.submitted_by.organization}
              </Typography>
            ) : null}
          </TableCell>
          <TableCell>{product.brand || '—'}</TableCell>
          <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{product.barcode || '—'}</TableCell>
          <TableCell>{product.category?.name ?? DEFAULT_CATEGORY_NAME}</TableCell>
          <TableCell sx={{ textTransform: 'capitalize' }}>
            <Box component="span">{product.type}</Box>
          </TableCell>
          <TableCell>
            <ProductStatusChip approved={product.is_approved} deleted={product.deleted_at !== null} />
          </TableCell>
          <TableCell align="right">
            <RowMenu
              subject={product.name}
              items={actionsFor(product).map((kind) => ({ kind, label: productActionLabel(kind, viewer, product) }))}
              onSelect={(kind) => { onAction(product, kind); }}
            />
          </TableCell>
        </TableRow>
      ))}
    </PagedTable>
  );
}
