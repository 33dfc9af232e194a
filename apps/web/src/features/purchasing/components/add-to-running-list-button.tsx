import { useState } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import type { Product } from '@clinic/domain';
import { RunningListDialog } from './running-list-dialog';

export interface AddToRunningListButtonProps {
  product: Pick<Product, 'id' | 'name'>;
  suggestedQuantity?: number;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/** "Add to Running List" wherever a product needs reordering: the stock room, a low-stock alert. */
export function AddToRunningListButton({ product, suggestedQuantity, size, variant = 'outlined' }: AddToRunningListButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size={size} startIcon={<PlaylistAddOutlined />} onClick={() => { setOpen(true); }} aria-label={`Add ${product.name} to Running List`}>
        Add to Running List
      </Button>
      {open ? <RunningListDialog product={product} suggestedQuantity={suggestedQuantity} onClose={() => { setOpen(false); }} /> : null}
    </>
  );
}
