import { useId, useState } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import type { Product } from '@clinic/domain';
import { RunningListDialog } from './running-list-dialog';

export interface AddToRunningListButtonProps {
  product: Pick<Product, 'id' | 'name'>;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/** "Add to Running List" wherever a product needs reordering: the stock room, a low-stock alert. */
export function AddToRunningListButton({ product, size, variant = 'outlined' }: AddToRunningListButtonProps) {
  const [open, setOpen] = useState(false);
  const productNameId = useId();
  return (
    <>
      {/* The visible text is the name; which product it adds is its description. */}
      <Button variant={variant} size={size} startIcon={<PlaylistAddOutlined />} onClick={() => { setOpen(true); }} aria-describedby={productNameId}>
        Add to Running List
      </Button>
      <span id={productNameId} hidden>
        {product.name}
      </span>
      {open ? <RunningListDialog product={product} onClose={() => { setOpen(false); }} /> : null}
    </>
  );
}
