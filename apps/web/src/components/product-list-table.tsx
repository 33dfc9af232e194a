import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DEFAULT_CATEGORY_NAME, type Product, type ProductListItem, type ProductListOrder, type ProductType } from '@clinic/domain';
import { coverText } from '../lib/format';
import { AppLink } from './link';
import { PagedTable, type PageState } from './paged-table';
import { visuallyHidden } from './visually-hidden';
import { ProductStatusChip } from './product-status-chip';
import { ProductThumbnail } from './product-thumbnail';

const TYPE_LABELS: Record<ProductType, string> = { disposable: 'Disposable', consumable: 'Consumable' };

export const NO_FORECAST_TEXT = 'No forecast yet';

/** The order after a click on the Days of cover header: fewest days first, then most, then the list's own order. */
export function nextCoverOrder(current: ProductListOrder): ProductListOrder {
  if (current.sort !== 'days_of_cover') return { sort: 'days_of_cover', order: 'asc' };
  return current.order === 'asc' ? { sort: 'days_of_cover', order: 'desc' } : { order: 'asc' };
}

/** "12.5 days"; without a forecast a dash, which says why to a pointer and a screen reader. */
function DaysOfCover({ days }: { days: number | null }) {
  if (typeof days === 'number') return coverText(days);
  return (
    <Tooltip title={NO_FORECAST_TEXT} describeChild>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        <span aria-hidden="true">—</span>
        <span style={visuallyHidden}>{NO_FORECAST_TEXT}</span>
      </Box>
    </Tooltip>
  );
}

export interface ProductListTableProps {
  products: ProductListItem[];
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
  /** Days of cover at the reader's location (issue 35), for staff who read its stock. */
  coverColumn?: boolean;
  /** The list's order, and how to change it: with both, the Days of cover header sorts the list. */
  order?: ProductListOrder;
  onOrderChange?: (next: ProductListOrder) => void;
  /** Under the name, e.g. which location submitted it. */
  nameDetail?: (product: Product) => ReactNode;
  /** The row's menu, when the list offers actions. */
  actions?: (product: Product) => ReactNode;
}

/** The paged product list of the catalog pages and of a category: image, name, brand, type, status. */
export function ProductListTable({
  products,
  total,
  totalIsCapped,
  pageState,
  onPageStateChange,
  loading,
  error,
  emptyText,
  catalogColumns = true,
  coverColumn = false,
  order,
  onOrderChange,
  nameDetail,
  actions,
}: ProductListTableProps) {
  const coverSort =
    order && onOrderChange
      ? { direction: order.sort === 'days_of_cover' ? order.order : (false as const), onSort: () => { onOrderChange(nextCoverOrder(order)); } }
      : undefined;
  const columns = [
    { key: 'image', label: 'Image', srOnly: true },
    { key: 'name', label: 'Name' },
    { key: 'brand', label: 'Brand' },
    ...(catalogColumns ? [{ key: 'barcode', label: 'Barcode' }, { key: 'category', label: 'Category' }] : []),
    ...(coverColumn ? [{ key: 'cover', label: 'Days of cover', ...(coverSort ? { sort: coverSort } : {}) }] : []),
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
      minWidth={(catalogColumns ? 860 : 640) + (coverColumn ? 130 : 0)}
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
          {coverColumn ? (
            <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              <DaysOfCover days={product.days_of_cover} />
            </TableCell>
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
