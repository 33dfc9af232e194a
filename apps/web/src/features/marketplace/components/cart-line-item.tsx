import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { cartLineTotal, MARKETPLACE_MESSAGES } from '@clinic/domain';
import { blockNonNumericKeys } from '../../../lib/forms';
import { formatDollars } from '../../../lib/format';
import { MAX_PACKS, type CartItem } from '../cart/cart';
import type { LineReview } from '../cart/review';

const validPacks = (text: string) => /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_PACKS;

interface CartLineItemProps {
  item: CartItem;
  review: LineReview | undefined;
  disabled: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

/** One cart line: packs to edit, its price (struck through when the vendor's changed) and what a check said. */
export function CartLineItem({ item, review, disabled, onQuantity, onRemove }: CartLineItemProps) {
  const [text, setText] = useState(String(item.quantity));
  const [shown, setShown] = useState(item.quantity);
  // Packs added from the offers change the line under the field: follow them (adjusted while rendering).
  if (shown !== item.quantity) {
    setShown(item.quantity);
    setText(String(item.quantity));
  }
  const valid = validPacks(text);
  const subject = `${item.product.name} from ${item.vendor.name}`;
  const newPrice = review?.newPrice ?? null;
  const problem = review?.problem ?? null;

  return (
    <Box component="li" aria-label={item.product.name} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {item.product.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
            {item.description} · SKU {item.sku} · {item.pack_size.toLocaleString('en-US')} per pack
          </Typography>
        </Box>
        <Tooltip title="Remove from the cart">
          <span>
            <IconButton size="small" aria-label={`Remove ${subject}`} onClick={onRemove} disabled={disabled}>
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
        <TextField
          size="small"
          type="number"
          label="Packs"
          value={text}
          disabled={disabled}
          onChange={(e) => {
            setText(e.target.value);
            if (validPacks(e.target.value)) onQuantity(Number(e.target.value));
          }}
          onBlur={() => { if (!valid) setText(String(item.quantity)); }}
          onKeyDown={blockNonNumericKeys}
          error={!valid}
          slotProps={{ htmlInput: { min: 1, max: MAX_PACKS, step: 1, inputMode: 'numeric', 'aria-label': `Packs of ${subject}` } }}
          sx={{ width: 90 }}
        />
        <Typography variant="body2" component="span">
          ×{' '}
          {newPrice !== null ? (
            <>
              <Box component="del" sx={{ color: 'text.secondary' }}>
                {formatDollars(item.price)}
              </Box>{' '}
              <Box component="ins" sx={{ textDecoration: 'none', fontWeight: 600, color: 'warning.dark' }}>
                {formatDollars(newPrice)}
              </Box>
            </>
          ) : (
            formatDollars(item.price)
          )}
        </Typography>
        <Typography variant="body2" component="span" sx={{ ml: 'auto', fontWeight: 600 }}>
          {formatDollars(cartLineTotal(item.quantity, item.price))}
        </Typography>
      </Box>
      {newPrice !== null && problem === null ? (
        <Typography variant="caption" color="warning.dark" component="p" sx={{ mt: 0.5 }}>
          Price changed from {formatDollars(item.price)} to {formatDollars(newPrice)}
        </Typography>
      ) : null}
      {problem !== null ? (
        <Typography variant="caption" color="error" component="p" sx={{ mt: 0.5 }}>
          {problem.replace(/\.\s*$/, '')}: remove it to place the orders.
        </Typography>
      ) : null}
      {problem === null && review?.outOfStock ? (
        <Typography variant="caption" color="warning.dark" component="p" sx={{ mt: 0.5 }}>
          {MARKETPLACE_MESSAGES.outOfStock}
        </Typography>
      ) : null}
    </Box>
  );
}
