import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Pagination from '@mui/material/Pagination';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import QrCodeScannerOutlined from '@mui/icons-material/QrCodeScannerOutlined';
import RemoveCircleOutlineOutlined from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { can, readUdi, scanSearchTerm, STOCK_EMPTY_TEXT, type PermissionMap, type ProductListOrder } from '@clinic/domain';
import { BarcodeScannerDialog } from '../../../components/barcode/barcode-scanner-dialog';
import { PageHeader } from '../../../components/page-header';
import { ProductThumbnail } from '../../../components/product-thumbnail';
import { SearchField } from '../../../components/search-field';
import { errorMessage } from '../../../lib/api-client';
import { coverText, formatDate, unitCount } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useProfile } from '../../../lib/profile';
import { inventorySearchQueryOptions, stockPageQueryOptions, type InventoryProduct } from '../api/stock-api';
import { placesQueryOptions } from '../../../lib/places';
import { ConsumeDialog } from '../components/consume-dialog';
import { QueuedUses } from '../components/queued-uses';
import { StockFormDialog } from '../components/stock-form-dialog';
import { LoadingBar } from '../../../components/loading-bar';

type Action = { kind: 'add' | 'consume'; product: InventoryProduct };

/** A product's lots at this location: what is left of each and when it expires. */
function Lots({ product, placeId, permissions, onAction }: { product: InventoryProduct; placeId: string; permissions: PermissionMap; onAction: (action: Action) => void }) {
  const lots = useQuery(stockPageQueryOptions(product.id, 1, placeId));
  const data = lots.data;
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      {lots.isPending ? <LinearProgress aria-label="Loading lots" /> : null}
      {lots.isError ? <Alert severity="error">{errorMessage(lots.error, 'Could not load the stock.')}</Alert> : null}
      {data ? (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
            {unitCount(data.totals.units_left)} left in {data.total} {data.total === 1 ? 'lot' : 'lots'}
          </Typography>
          {data.results.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {STOCK_EMPTY_TEXT}
            </Typography>
          ) : (
            <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={`Lots of ${product.name}`}>
              {data.results.map((stock) => (
                <Box component="li" key={stock.id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                  <span>
                    {stock.lotNumber || 'No lot number'} · expires {formatDate(stock.expiry_date)} · {stock.place.name}
                    {stock.is_expired ? <Chip size="small" color="error" label="Expired" sx={{ ml: 1 }} /> : null}
                  </span>
                  <strong>{stock.units_left} left</strong>
                </Box>
              ))}
            </Stack>
          )}
          {data.total > data.results.length ? (
            <Button component={RouterLink} to={`/products/${product.id}`} size="small" sx={{ mt: 1 }}>
              All {data.total} lots
            </Button>
          ) : null}
        </>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        {can(permissions, 'stock', 'create') ? (
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => { onAction({ kind: 'add', product }); }} sx={{ flex: 1 }}>
            Add stock
          </Button>
        ) : null}
        {can(permissions, 'stock', 'update') ? (
          <Button variant="outlined" startIcon={<RemoveCircleOutlineOutlined />} disabled={!data || data.totals.units_left === 0} onClick={() => { onAction({ kind: 'consume', product }); }} sx={{ flex: 1 }}>
            Use units
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}

/**
 * /inventory, for the tablet at the chair and the phone in the store room: find a product by
 * name or by scanning it, see its lots, add stock or take units out in two taps.
 */
export function InventoryPage() {
  const profile = useProfile();
  const [search, setSearch] = useState('');
  const [inStockOnly, setInStockOnly] = useState(false);
  // Issue 34: only what one storage place holds ('' for every place).
  const [placeId, setPlaceId] = useState('');
  // Issue 35: the products that run out soonest first ('' for the list's own order).
  const [coverOrder, setCoverOrder] = useState<'' | ProductListOrder['order']>('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [scanProblem, setScanProblem] = useState<string | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const term = useDebouncedValue(search, 250);
  const places = useQuery(placesQueryOptions());
  const results = useQuery(inventorySearchQueryOptions(term.trim(), inStockOnly, page, placeId, coverOrder ? { sort: 'days_of_cover', order: coverOrder } : undefined));
  const products = results.data?.results ?? [];
  const permissions = profile.data?.permissions ?? {};
  // One product found (a scan, an exact name): open it straight away.
  const shownOpen = open ?? (products.length === 1 && term ? (products[0]?.id ?? null) : null);

  return (
    <>
      <PageHeader title="Inventory" subtitle="Find a product by name or barcode, then add stock or record what was used." />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <SearchField
            label="Search products"
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
              setOpen(null);
            }}
          />
          <Button variant="outlined" startIcon={<QrCodeScannerOutlined />} onClick={() => { setScanning(true); }}>
            Scan
          </Button>
          <FormControlLabel
            control={
              <Switch
                checked={inStockOnly}
                onChange={(e) => {
                  setInStockOnly(e.target.checked);
                  setPage(1);
                }}
              />
            }
            label="In stock only"
          />
          <TextField
            select
            size="small"
            label="Place"
            value={placeId}
            onChange={(e) => {
              setPlaceId(e.target.value);
              setPage(1);
              setOpen(null);
            }}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">Every place</MenuItem>
            {(places.data ?? []).map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Sort"
            value={coverOrder}
            onChange={(e) => {
              setCoverOrder(e.target.value as typeof coverOrder);
              setPage(1);
              setOpen(null);
            }}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">{term.trim() ? 'Best match' : 'Name'}</MenuItem>
            <MenuItem value="asc">Fewest days of cover</MenuItem>
            <MenuItem value="desc">Most days of cover</MenuItem>
          </TextField>
        </Stack>
      </Paper>
      <QueuedUses />
      <LoadingBar loading={results.isFetching} />
      {scanProblem ? (
        <Alert severity="warning" sx={{ mb: 2 }} onClose={() => { setScanProblem(null); }}>
          {scanProblem}
        </Alert>
      ) : null}
      {results.isError ? <Alert severity="error">{errorMessage(results.error, 'Could not search the products.')}</Alert> : null}
      {results.isSuccess && products.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          No products found.
        </Typography>
      ) : null}
      <Paper>
        <List disablePadding aria-label="Products">
          {products.map((product) => {
            const expanded = shownOpen === product.id;
            return (
              <Box component="li" key={product.id} sx={{ listStyle: 'none', borderBottom: 1, borderColor: 'divider' }}>
                <ListItemButton aria-expanded={expanded} onClick={() => { setOpen(expanded ? '' : product.id); }} sx={{ gap: 2, py: 1.5 }}>
                  <ProductThumbnail url={product.product_image_url} size={48} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{product.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {[product.brand, product.barcode].filter(Boolean).join(' · ') || '—'}
                    </Typography>
                    {typeof product.days_of_cover === 'number' ? (
                      <Typography variant="body2" color="text.secondary">
                        {coverText(product.days_of_cover)} of cover
                      </Typography>
                    ) : null}
                  </Box>
                </ListItemButton>
                <Collapse in={expanded} unmountOnExit>
                  <Lots product={product} placeId={placeId} permissions={permissions} onAction={setAction} />
                </Collapse>
              </Box>
            );
          })}
        </List>
      </Paper>
      {(results.data?.lastPage ?? 1) > 1 ? (
        <Pagination sx={{ mt: 2 }} count={results.data?.lastPage ?? 1} page={page} onChange={(_e, next) => { setPage(next); }} />
      ) : null}
      {scanning ? (
        <BarcodeScannerDialog
          title="Scan a product"
          onDetected={(code) => {
            setScanning(false);
            const read = readUdi(code);
            // A damaged code, or an HIBC secondary label that names no product, finds nothing.
            const problem = !read.ok ? read.message : read.udi.productId ? null : 'This label holds only lot and expiry: scan the product code';
            setScanProblem(problem);
            if (!read.ok || problem) return;
            // The shortest form a product code holds: UPC-A for a GTIN-14, LIC + product for HIBC.
            setSearch(scanSearchTerm(read.udi));
            setPage(1);
            setOpen(null);
          }}
          onClose={() => { setScanning(false); }}
        />
      ) : null}
      {action?.kind === 'add' ? <StockFormDialog product={action.product} onClose={() => { setAction(null); }} /> : null}
      {action?.kind === 'consume' ? <ConsumeDialog product={action.product} viaOutbox onClose={() => { setAction(null); }} /> : null}
    </>
  );
}
