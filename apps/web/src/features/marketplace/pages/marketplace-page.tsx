import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { can } from '@clinic/domain';
import { PageHeader } from '../../../components/page-header';
import { SearchField } from '../../../components/search-field';
import { errorMessage } from '../../../lib/api-client';
import { useProfile } from '../../../lib/profile';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { marketplaceProductsQueryOptions } from '../api/marketplace-api';
import { CART_PARAM } from '../cart/cart-link';
import { useCart } from '../cart/use-cart';
import { CartPanel } from '../components/cart-panel';
import { ProductOffersCard } from '../components/product-offers-card';
import { LoadingBar } from '../../../components/loading-bar';

const PRODUCTS_PER_PAGE = 10;

/**
 * /marketplace: the catalog's products with every vendor's offer side by side, and the cart. The
 * cart is a column beside the results from 1536 px (narrower, the offers' columns would not fit
 * beside it) and a drawer below that, down to phones.
 */
export function MarketplacePage() {
  const profile = useProfile();
  const cart = useCart();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'));
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // The drawer's state is the address's ?cart=open, so another page can send people straight to
  // the cart (a running list compared, a low-stock alert added); replaced, not pushed, so Back
  // leaves the page rather than closing the drawer.
  const [params, setParams] = useSearchParams();
  const cartOpen = params.get(CART_PARAM) === 'open';
  const setCartOpen = (open: boolean) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set(CART_PARAM, 'open');
        else next.delete(CART_PARAM);
        return next;
      },
      { replace: true },
    );
  };
  const typed = search.trim();
  const debounced = useDebouncedValue(typed);
  const products = useQuery(marketplaceProductsQueryOptions(debounced, page, PRODUCTS_PER_PAGE));
  const canOrder = can(profile.data?.permissions ?? {}, 'marketplace', 'create');
  // Until the search catches up with what was typed, no row is offered: each one must match the box.
  const settled = typed === debounced;
  const results = settled ? (products.data?.results ?? []) : [];
  const lastPage = products.data?.lastPage ?? 1;
  const loading = !settled || products.isFetching;
  const lineCount = cart.items.length;

  return (
    <>
      <PageHeader
        title="Marketplace"
        subtitle="Compare your vendors' prices and order from several at once."
        actions={
          <>
            <Button variant="outlined" startIcon={<ReceiptLongOutlined />} component={RouterLink} to="/marketplace/orders">
              Orders
            </Button>
            {canOrder && !wide ? (
              <Button
                variant="contained"
                startIcon={
                  <Badge badgeContent={lineCount} color="secondary">
                    <ShoppingCartOutlined />
                  </Badge>
                }
                aria-label={`Cart, ${String(lineCount)} ${lineCount === 1 ? 'line' : 'lines'}`}
                onClick={() => { setCartOpen(true); }}
              >
                Cart
              </Button>
            ) : null}
          </>
        }
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: wide && canOrder ? 'minmax(0, 1fr) 380px' : 'minmax(0, 1fr)', alignItems: 'start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ mb: 2 }}>
            <SearchField
              label="Search products"
              value={search}
              onChange={(value) => {
                setSearch(value);
                setPage(1);
              }}
            />
          </Box>
          {products.isError && settled ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessage(products.error, 'Could not load the offers.')}
            </Alert>
          ) : null}
          <LoadingBar loading={loading} sx={{ mb: 1 }} />
          {results.length > 0 ? (
            <Stack spacing={2} aria-busy={loading}>
              {results.map((entry) => (
                <ProductOffersCard key={entry.product.id} entry={entry} phone={phone} canOrder={canOrder} />
              ))}
            </Stack>
          ) : loading ? (
            <Skeleton variant="rounded" height={160} aria-label="Loading the offers" />
          ) : products.isSuccess ? (
            <Paper sx={{ p: 4, textAlign: 'center' }}>
              <Typography color="text.secondary">{debounced ? 'No vendor offers a product matching your search.' : 'No vendor offers products yet. Upload a supplier’s price list on the Suppliers page.'}</Typography>
            </Paper>
          ) : null}
          {lastPage > 1 && settled ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
              <Pagination count={lastPage} page={page} onChange={(_event, next) => { setPage(next); }} color="primary" siblingCount={phone ? 0 : 1} aria-label="Product pages" />
            </Box>
          ) : null}
        </Box>
        {wide && canOrder ? (
          <Paper sx={{ p: 2, position: 'sticky', top: 16, maxHeight: 'calc(100vh - 32px)', overflowY: 'auto' }}>
            <CartPanel />
          </Paper>
        ) : null}
      </Box>
      {!wide && canOrder ? (
        // Kept mounted: a price check's findings and the placed orders outlive closing the drawer.
        <Drawer anchor="right" open={cartOpen} onClose={() => { setCartOpen(false); }} keepMounted slotProps={{ paper: { sx: { width: { xs: '100%', sm: 420 }, p: 2 } } }}>
          <CartPanel
            closeButton={
              <IconButton aria-label="Close the cart" onClick={() => { setCartOpen(false); }} edge="end">
                <CloseOutlined />
              </IconButton>
            }
          />
        </Drawer>
      ) : null}
    </>
  );
}
