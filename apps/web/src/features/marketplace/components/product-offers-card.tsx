import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MarketplaceProduct } from '@clinic/domain';
import { OfferTable } from './offer-table';

/** One catalog product and what each vendor asks for it. */
export function ProductOffersCard({ entry, phone, canOrder }: { entry: MarketplaceProduct; phone: boolean; canOrder: boolean }) {
  const { product, offers } = entry;
  const codes = [product.barcode && `Barcode ${product.barcode}`, product.manufacturer_code && `Manufacturer code ${product.manufacturer_code}`].filter(Boolean).join(' · ');
  return (
    <Paper component="article" aria-label={product.name} sx={{ p: 2 }}>
      <Typography variant="h3" component="h2">
        {product.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {codes || `${String(offers.length)} ${offers.length === 1 ? 'offer' : 'offers'}`}
      </Typography>
      <OfferTable product={product} offers={offers} phone={phone} canOrder={canOrder} />
    </Paper>
  );
}
