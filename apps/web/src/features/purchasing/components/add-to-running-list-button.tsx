import { useId, useState } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import type { Product } from '@clinic/domain';
import { RunningListDialog } from './running-list-dialog';
import type { RunningListDefaults } from '../reorder-defaults';

export interface AddToRunningListButtonProps {
  product: Pick<Product, 'id' | 'name'>;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  /** What the dialog starts from (a low-stock alert's supplier and shortfall); read when it opens. */
  defaults?: () => RunningListDefaults;
}

/** "Add to Running List" wherever a product needs reordering: the stock room, a low-stock alert. */
export function AddToRunningListButton({ product, size, variant = 'outlined', defaults }: AddToRunningListButtonProps) {
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
      {open ? <RunningListDialog product={product} defaults={defaults?.()} onClose={() => { setOpen(false); }} /> : null}
    </>
  );
}
