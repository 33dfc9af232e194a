import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import AddShoppingCartOutlined from '@mui/icons-material/AddShoppingCartOutlined';
import { MARKETPLACE_MESSAGES, type MarketplaceProduct, type Offer } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { blockNonNumericKeys } from '../../../lib/forms';
import { MAX_PACKS } from '../cart/cart';
import { useCart } from '../cart/use-cart';

const validPacks = (text: string) => /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_PACKS;

/** Packs of one offer and its Add button; an out-of-stock offer is shown for comparison but not added. */
export function AddToCartControl({ product, offer }: { product: MarketplaceProduct['product']; offer: Offer }) {
  const cart = useCart();
  const notify = useNotify();
  const [packs, setPacks] = useState('1');
  const valid = validPacks(packs);
  const subject = `${product.name} from ${offer.vendor.name}`;

  const add = () => {
    if (!valid) return;
    cart.add({ vendor: offer.vendor, sku: offer.sku, description: offer.description, product: { id: product.id, name: product.name }, pack_size: offer.pack_size, quantity: Number(packs), price: offer.price });
    notify.success(MARKETPLACE_MESSAGES.addedToCart);
    setPacks('1');
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        add();
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'flex-end' }}
    >
      <TextField
        size="small"
        type="number"
        label="Packs"
        value={packs}
        onChange={(e) => { setPacks(e.target.value); }}
        onKeyDown={blockNonNumericKeys}
        disabled={!offer.in_stock}
        error={!valid}
        slotProps={{ htmlInput: { min: 1, max: MAX_PACKS, step: 1, inputMode: 'numeric', 'aria-label': `Packs of ${subject}` } }}
        sx={{ width: 84 }}
      />
      <Button type="submit" variant="outlined" startIcon={<AddShoppingCartOutlined />} disabled={!offer.in_stock || !valid} aria-label={`Add ${subject} to the cart`} sx={{ whiteSpace: 'nowrap' }}>
        Add
      </Button>
    </Box>
  );
}
