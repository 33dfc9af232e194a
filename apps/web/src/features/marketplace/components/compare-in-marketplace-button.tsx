import Button from '@mui/material/Button';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { useNavigate } from 'react-router';
import { MARKETPLACE_MESSAGES } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { packsForContainers, type ProductToBuy } from '../cart/add-cheapest';
import { OPEN_CART_PATH } from '../cart/cart-link';
import { shortfallMessage, useAddCheapestToCart } from '../cart/use-add-cheapest';

export interface CompareInMarketplaceButtonProps {
  /** The lines to buy: each product with the containers the list orders of it and the units each holds. */
  lines: { product: ProductToBuy; quantity: number; unitsPerContainer: number }[];
}

/**
 * "Compare in the marketplace" on an open running list: puts each line's cheapest in-stock offer
 * in the cart and opens it there, so the list can be bought across vendors instead of from its
 * one supplier. Lines no vendor offers are named in the toast.
 */
export function CompareInMarketplaceButton({ lines }: CompareInMarketplaceButtonProps) {
  const navigate = useNavigate();
  const notify = useNotify();
  const add = useAddCheapestToCart();

  const compare = () => {
    add.mutate(
      lines.map((line) => ({ product: line.product, packs: (offer) => packsForContainers(line.quantity, line.unitsPerContainer, offer.pack_size) })),
      {
        onSuccess: (summary) => {
          const shortfall = shortfallMessage(summary);
          if (summary.added.length === 0) {
            // Nothing went into the cart: stay on the list.
            notify.notify({ severity: summary.failed.length > 0 ? 'error' : 'warning', message: shortfall });
            return;
          }
          notify.notify(
            shortfall
              ? { severity: 'warning', message: `${MARKETPLACE_MESSAGES.addedToCart}: ${String(summary.added.length)} of ${String(lines.length)} products. ${shortfall}` }
              : { severity: 'success', message: MARKETPLACE_MESSAGES.addedToCart },
          );
          void navigate(OPEN_CART_PATH);
        },
      },
    );
  };

  return (
    <Button variant="outlined" startIcon={<StorefrontOutlined />} disabled={lines.length === 0} loading={add.isPending} onClick={compare}>
      Compare in the marketplace
    </Button>
  );
}
