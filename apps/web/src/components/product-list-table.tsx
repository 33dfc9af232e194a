import type { ReactNode } from 'react';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DEFAULT_CATEGORY_NAME, type Product, type ProductType } from '@clinic/domain';
import { AppLink } from './link';
import { PagedTable, type PageState } from './paged-table';
import { ProductStatusChip } from './product-status-chip';
import { ProductThumbnail } from './product-thumbnail';

const TYPE_LABELS: Record<ProductType, string> = { disposable: 'Disposable', consumable: 'Consumable' };

export interface ProductListTableProps {
  products: Product[];
  total: number;
  /** More products match than the server counted (the total shows as "3,000+"). */
  totalIsCapped?: boolean;
  pageState: PageState;
  onPageStateChange: (next: PageState) => void;
  loading: boolean;
  error: string | null;
  emptyText: string;
  /** The catalog lists show barcode and category; a category's own list leaves them out. */
  catalogColumns?: boolean;
  /** Under the name, e.g. which location submitted it. */
  nameDetail?: (product: Product) => ReactNode;
  /** The row's menu, when the list offers actions. */
  actions?: (product: Product) => ReactNode;
}

/** The paged product list of the catalog pages and of a category: image, name, brand, type, status. */
export function ProductListTable({ products, total, totalIsCapped, pageState, onPageStateChange, loading, error, emptyText, catalogColumns = true, nameDetail, actions }: ProductListTableProps) {
  const columns = [
    { key: 'image', label: 'Image', srOnly: true },
    { key: 'name', label: 'Name' },
    { key: 'brand', label: 'Brand' },
    ...(catalogColumns ? [{ key: 'barcode', label: 'Barcode' }, { key: 'category', label: 'Category' }] : []),
    { key: 'type', label: 'Type' },
    { key: 'status', label: 'Status' },
    ...(actions ? [{ key: 'actions', label: 'Actions', srOnly: true, align: 'right' as const }] : []),
  ];
  return (
    <PagedTable
      label="Products"
      columns={columns}
      total={total}
      totalIsCapped={totalIsCapped ?? false}
      pageState={pageState}
      onPageStateChange={onPageStateChange}
      loading={loading}
      error={error}
      emptyText={emptyText}
      rowCount={products.length}
      minWidth={catalogColumns ? 860 : 640}
    >
      {products.map((product) => (
        <TableRow key={product.id} hover>
          <TableCell sx={{ width: 56 }}>
            <ProductThumbnail url={product.product_image_url} />
          </TableCell>
          <TableCell sx={{ minWidth: 200, overflowWrap: 'anywhere' }}>
            <AppLink to={`/products/${product.id}`} underline="hover" sx={{ fontWeight: 600 }}>
              {product.name}
            </AppLink>
            {product.manufacturer_code ? (
              <Typography variant="caption" color="text.secondary" component="div">
                {product.manufacturer_code}
              </Typography>
            ) : null}
            {nameDetail?.(product)}
          </TableCell>
          <TableCell>{product.brand || '—'}</TableCell>
          {catalogColumns ? (
            <>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{product.barcode || '—'}</TableCell>
              <TableCell>{product.category?.name ?? DEFAULT_CATEGORY_NAME}</TableCell>
            </>
          ) : null}
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{TYPE_LABELS[product.type]}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <ProductStatusChip approved={product.is_approved} deleted={product.deleted_at !== null} />
          </TableCell>
          {actions ? <TableCell align="right">{actions(product)}</TableCell> : null}
        </TableRow>
      ))}
    </PagedTable>
  );
}
