import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import PanToolAltOutlined from '@mui/icons-material/PanToolAltOutlined';
import type { Product } from '@clinic/domain';
import { RequestProductDialog } from './request-product-dialog';

/** "Request Product" in the Stock Room (spec section 2): ask the admins to order it. */
export function RequestProductButton({ product }: { product: Pick<Product, 'id' | 'name'> }) {
  const [open, setOpen] = useState(false);
  const productNameId = useId();
  return (
    <>
      <Button variant="outlined" startIcon={<PanToolAltOutlined />} onClick={() => { setOpen(true); }} aria-describedby={productNameId}>
        Request Product
      </Button>
      <span id={productNameId} hidden>
        {product.name}
      </span>
      {open ? <RequestProductDialog product={product} onClose={() => { setOpen(false); }} /> : null}
    </>
  );
}
