import { useId } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import AddShoppingCartOutlined from '@mui/icons-material/AddShoppingCartOutlined';
import { useNavigate } from 'react-router';
import { MARKETPLACE_MESSAGES } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { packsToReachMinimum, type ProductToBuy } from '../cart/add-cheapest';
import { OPEN_CART_PATH } from '../cart/cart-link';
import { shortfallMessage, useAddCheapestToCart } from '../cart/use-add-cheapest';

export interface AddCheapestToCartButtonProps {
  product: ProductToBuy;
  /** Units usable now and the minimum the location keeps: the cart gets enough packs to make up the difference. */
  unitsInStock: number;
  minimum: number;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/** "Add to cart" on a low-stock alert: the product's cheapest in-stock offer, enough packs to reach the minimum again. */
export function AddCheapestToCartButton({ product, unitsInStock, minimum, size, variant = 'outlined' }: AddCheapestToCartButtonProps) {
  const navigate = useNavigate();
  const notify = useNotify();
  const add = useAddCheapestToCart();
  const productNameId = useId();

  const addToCart = () => {
    add.mutate([{ product, packs: (offer) => packsToReachMinimum(unitsInStock, minimum, offer.pack_size) }], {
      onSuccess: (summary) => {
        if (summary.added.length === 0) {
          notify.notify({ severity: summary.failed.length > 0 ? 'error' : 'warning', message: shortfallMessage(summary) });
          return;
        }
        notify.notify({ severity: 'success', message: MARKETPLACE_MESSAGES.addedToCart, action: { label: 'Open the cart', onClick: () => void navigate(OPEN_CART_PATH) } });
      },
    });
  };

  return (
    <>
      {/* The visible text is the action; which product it adds is its description. */}
      <Button variant={variant} size={size} startIcon={<AddShoppingCartOutlined />} loading={add.isPending} onClick={addToCart} aria-describedby={productNameId}>
        Add to cart
      </Button>
      <span id={productNameId} hidden>
        {product.name}
      </span>
    </>
  );
}
