import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MarketplaceProduct, Offer } from '@clinic/domain';
import { formatDollars } from '../../../lib/format';
import { UNIT_PRICE_DECIMALS } from '../marketplace-format';
import { AddToCartControl } from './add-to-cart-control';
import { VendorLabel } from './vendor-label';

interface OfferTableProps {
  product: MarketplaceProduct['product'];
  offers: Offer[];
  /** Phones get one block per offer instead of a table to scroll sideways. */
  phone: boolean;
  /** Without marketplace.create the offers are compared, not ordered. */
  canOrder: boolean;
}

const packOf = (offer: Offer) => `${offer.pack_size.toLocaleString('en-US')} per pack`;

/** Cheapest: the lowest unit price among the vendors that have it in stock (the server marks it). */
function CheapestChip({ offer }: { offer: Offer }) {
  return offer.cheapest ? <Chip size="small" color="success" label="Cheapest" /> : null;
}

function StockState({ offer }: { offer: Offer }) {
  return offer.in_stock ? (
    <Typography variant="body2">In stock</Typography>
  ) : (
    <Chip size="small" variant="outlined" color="warning" label="Out of stock" />
  );
}

/** Every vendor's offer for one product, side by side: pack, price per pack, unit price, stock. */
export function OfferTable({ product, offers, phone, canOrder }: OfferTableProps) {
  if (phone) {
    return (
      <Stack component="ul" aria-label={`Offers for ${product.name}`} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {offers.map((offer) => (
          <Box component="li" key={`${offer.vendor.id}:${offer.sku}`} aria-label={offer.vendor.name} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
              <VendorLabel vendor={offer.vendor} />
              <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                <CheapestChip offer={offer} />
                {offer.in_stock ? null : <StockState offer={offer} />}
              </Stack>
            </Box>
            <Typography variant="body2" sx={{ my: 0.5 }}>
              {formatDollars(offer.price)} a pack · {packOf(offer)} · {formatDollars(offer.unit_price, UNIT_PRICE_DECIMALS)} a unit
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
              {offer.sku} · {offer.description}
            </Typography>
            {canOrder ? <AddToCartControl product={product} offer={offer} /> : null}
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={`Offers for ${product.name}`} sx={{ minWidth: 720 }}>
        <TableHead>
          <TableRow>
            <TableCell>Vendor</TableCell>
            <TableCell>Item</TableCell>
            <TableCell align="right">Pack</TableCell>
            <TableCell align="right">Price per pack</TableCell>
            <TableCell align="right">Unit price</TableCell>
            <TableCell>Stock</TableCell>
            {canOrder ? <TableCell align="right">Add to cart</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {offers.map((offer) => (
            <TableRow key={`${offer.vendor.id}:${offer.sku}`} aria-label={offer.vendor.name} selected={offer.cheapest}>
              <TableCell>
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <VendorLabel vendor={offer.vendor} />
                  <CheapestChip offer={offer} />
                </Stack>
              </TableCell>
              <TableCell sx={{ maxWidth: 220 }}>
                <Typography variant="body2">{offer.description}</Typography>
                <Typography variant="caption" color="text.secondary">
                  SKU {offer.sku}
                </Typography>
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {packOf(offer)}
              </TableCell>
              <TableCell align="right">{formatDollars(offer.price)}</TableCell>
              <TableCell align="right">{formatDollars(offer.unit_price, UNIT_PRICE_DECIMALS)}</TableCell>
              <TableCell>
                <StockState offer={offer} />
              </TableCell>
              {canOrder ? (
                <TableCell align="right">
                  <AddToCartControl product={product} offer={offer} />
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
