import { useId, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MARKETPLACE_MESSAGES, PricesChangedDetailsSchema, type CheckedLine, type PlacedOrders } from '@clinic/domain';
import { AppLink } from '../../../components/link';
import { useNotify } from '../../../components/notifications/use-notify';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDollars } from '../../../lib/format';
import { useCheckPrices, usePlaceOrders } from '../api/marketplace-api';
import { cartSignature, cartTotal, checkRequestOf, itemKey, placementKey, placeRequestOf, vendorGroups, type PlacementAttempt } from '../cart/cart';
import { reviewCart } from '../cart/review';
import { useCart } from '../cart/use-cart';
import { CartLineItem } from './cart-line-item';
import { PlacedOrdersNotice } from './placed-orders-notice';
import { VendorLabel } from './vendor-label';

export const CHECK_CHANGED = 'Some prices changed since you added them. Accept the new prices to order at them.';
export const CHECK_UNCHANGED = 'The prices are up to date.';
const REMOVE_PROBLEMS = 'Remove the lines that can no longer be ordered before placing the orders.';

/** The prices the vendors answered for the cart, and what to say about them. */
interface Checked {
  lines: CheckedLine[];
  message: string;
}

/** The 409 of place-order carries the cart as re-priced; anything else is an ordinary failure. */
function repricedLines(error: unknown): CheckedLine[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const details = PricesChangedDetailsSchema.safeParse(error.details);
  return details.success ? details.data.products : null;
}

/**
 * The cart, grouped by vendor: check prices, accept the new ones, place one order per vendor.
 * `closeButton` sits beside the title when the cart is a drawer.
 * The server re-checks every price when placing; when one moved it places nothing and answers the
 * new prices, shown here the same way as a check's.
 */
export function CartPanel({ closeButton }: { closeButton?: ReactNode }) {
  const titleId = useId();
  const notify = useNotify();
  const cart = useCart();
  const check = useCheckPrices();
  const place = usePlaceOrders();
  const [checked, setChecked] = useState<Checked | null>(null);
  const [placed, setPlaced] = useState<PlacedOrders | null>(null);
  const lastAttempt = useRef<PlacementAttempt | null>(null);
  const { items } = cart;
  const review = reviewCart(items, checked?.lines ?? null);
  const busy = check.isPending || place.isPending;
  const groups = vendorGroups(items);

  const checkPrices = () => {
    check.mutate(checkRequestOf(items), {
      onSuccess: (result) => { setChecked({ lines: result.products, message: result.changed ? CHECK_CHANGED : CHECK_UNCHANGED }); },
      onError: (error) => { notify.error(errorMessage(error, 'Could not check the prices. Please try again.')); },
    });
  };

  const placeOrders = () => {
    const signature = cartSignature(items);
    const key = placementKey(lastAttempt.current, signature);
    lastAttempt.current = { key, signature, networkFailed: false };
    place.mutate(placeRequestOf(items, key), {
      onSuccess: (result) => {
        lastAttempt.current = null;
        cart.clear();
        setChecked(null);
        setPlaced(result);
        notify.success(MARKETPLACE_MESSAGES.ordersPlaced(result.orders.filter((order) => order.status !== 'failed').length));
      },
      onError: (error) => {
        const lines = repricedLines(error);
        if (lines) {
          setChecked({ lines, message: errorMessage(error, MARKETPLACE_MESSAGES.pricesChanged) });
          return;
        }
        // No answer: the orders may have been placed, so the same cart retries with the same key.
        if (error instanceof ApiError && error.status === 0) lastAttempt.current = { key, signature, networkFailed: true };
        notify.error(errorMessage(error, MARKETPLACE_MESSAGES.placeFailed));
      },
    });
  };

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id={titleId} variant="h2">
          Cart
        </Typography>
        {closeButton}
      </Box>
      {items.length === 0 ? (
        placed ? (
          <PlacedOrdersNotice placed={placed} />
        ) : (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {MARKETPLACE_MESSAGES.emptyCart}. Add offers from the products list.
          </Typography>
        )
      ) : (
        <>
          {review.hasNewPrices || review.hasProblems ? (
            <Alert severity="warning" sx={{ mb: 1 }}>
              {checked?.message}
              {review.hasNewPrices ? (
                <Box sx={{ mt: 1 }}>
                  <Button variant="outlined" color="warning" size="small" onClick={() => { if (checked) cart.acceptPrices(checked.lines); }}>
                    Accept new prices
                  </Button>
                </Box>
              ) : null}
            </Alert>
          ) : review.complete ? (
            <Alert severity="success" sx={{ mb: 1 }} onClose={() => { setChecked(null); }}>
              {CHECK_UNCHANGED}
            </Alert>
          ) : null}
          {groups.map((group) => (
            <Box component="section" key={group.vendor.id} aria-label={`Order to ${group.vendor.name}`} sx={{ mb: 2 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
                <VendorLabel vendor={group.vendor} />
                <Typography variant="body2" aria-label={`Subtotal of ${group.vendor.name}`}>
                  Subtotal <strong>{formatDollars(group.subtotal)}</strong>
                </Typography>
              </Box>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {group.items.map((item) => (
                  <CartLineItem
                    key={itemKey(item)}
                    item={item}
                    review={review.lines.get(itemKey(item))}
                    disabled={busy}
                    onQuantity={(quantity) => { cart.setQuantity(itemKey(item), quantity); }}
                    onRemove={() => { cart.remove(itemKey(item)); }}
                  />
                ))}
              </Box>
            </Box>
          ))}
          <Box sx={{ display: 'flex', justifyContent: 'space-between', borderTop: 2, borderColor: 'divider', pt: 1, mb: 2 }}>
            <Typography sx={{ fontWeight: 700 }}>Total</Typography>
            <Typography sx={{ fontWeight: 700 }} aria-label="Cart total">
              {formatDollars(cartTotal(items))}
            </Typography>
          </Box>
          {review.hasProblems ? (
            <Typography variant="body2" color="error" sx={{ mb: 1 }}>
              {REMOVE_PROBLEMS}
            </Typography>
          ) : null}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={checkPrices} loading={check.isPending} disabled={place.isPending}>
              Check prices
            </Button>
            <Button variant="contained" onClick={placeOrders} loading={place.isPending} disabled={check.isPending || review.hasProblems}>
              Place orders
            </Button>
          </Stack>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            One order goes to each vendor. <AppLink to="/marketplace/orders">Your orders</AppLink>
          </Typography>
        </>
      )}
    </Box>
  );
}
