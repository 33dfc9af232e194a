import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DEFAULT_CATEGORY_NAME, type Product } from '@clinic/domain';
import { formatDate } from '../../../lib/format';
import { ProductStatusChip } from '../../../components/product-status-chip';
import { ProductThumbnail } from '../../../components/product-thumbnail';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body1" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A field edited in place: its editor is a form, which a Typography's text styles would not suit. */
function EditableField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/** The fields the page may edit in place (spec section 2); null where the viewer may not see one. */
export interface OverviewEditors {
  manufacturerCode: ReactNode;
  weight: ReactNode;
  minimumStock: ReactNode | null;
}

const capitalized = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** Image or placeholder, status chip, and the product's fields (spec section 2). */
export function ProductOverview({ product, editors }: { product: Product; editors: OverviewEditors }) {
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, display: 'flex', gap: 3, flexDirection: { xs: 'column', sm: 'row' } }} component="section" aria-label="Product details">
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: { xs: 'center', sm: 'flex-start' }, gap: 1.5 }}>
        <ProductThumbnail url={product.product_image_url} label={product.name} size={160} />
        <ProductStatusChip approved={product.is_approved} deleted={product.deleted_at !== null} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {product.description ? (
          <Typography variant="body1" sx={{ mb: 2 }}>
            {product.description}
          </Typography>
        ) : null}
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}>
          <Field label="Brand">{product.brand || '—'}</Field>
          <Field label="Barcode">{product.barcode || '—'}</Field>
          <Field label="Category">{product.category?.name ?? DEFAULT_CATEGORY_NAME}</Field>
          <EditableField label="Manufacture Code">{editors.manufacturerCode}</EditableField>
          <EditableField label="Weight per volume">{editors.weight}</EditableField>
          <Field label="Type">{capitalized(product.type)}</Field>
          <Field label="Container">{capitalized(product.container)}</Field>
          <Field label="Basic Unit">{capitalized(product.basic_unit)}</Field>
          {product.supplier ? <Field label="Supplier">{product.supplier.name}</Field> : null}
          {product.expires_at ? <Field label="Expires">{formatDate(product.expires_at)}</Field> : null}
          {editors.minimumStock ? <EditableField label="Minimum Stock">{editors.minimumStock}</EditableField> : null}
        </Box>
      </Box>
    </Paper>
  );
}
