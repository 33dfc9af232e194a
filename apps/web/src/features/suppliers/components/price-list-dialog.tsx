import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { useQuery } from '@tanstack/react-query';
import { MARKETPLACE_MESSAGES, type PriceListItem, type PriceListSummary, type Supplier } from '@clinic/domain';
import { PagedTable, type PageState } from '../../../components/paged-table';
import { RowMenu } from '../../../components/row-menu';
import { SearchField } from '../../../components/search-field';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage, isMissingRecord } from '../../../lib/api-client';
import { formatDate, formatDollars } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { priceListQueryOptions, useMatchPriceListItem } from '../api/price-list-api';
import {
  PRICE_LIST_ITEM_ACTION_LABELS,
  priceListItemActionsFor,
  productDraftOf,
  type PriceListItemAction,
  type ProposeProductSlot,
} from '../price-list-item-actions';
import { MatchItemDialog } from './match-item-dialog';
import { PriceListUpload } from './price-list-upload';
import { RemovePriceListDialog } from './remove-price-list-dialog';
import { UnmatchItemDialog } from './unmatch-item-dialog';

type Filter = 'all' | 'matched' | 'unmatched';

const COLUMNS = [
  { key: 'sku', label: 'Vendor SKU' },
  { key: 'description', label: 'Description' },
  { key: 'pack', label: 'Pack size', align: 'right' as const },
  { key: 'price', label: 'Price', align: 'right' as const },
  { key: 'stock', label: 'In stock' },
  { key: 'product', label: 'Catalog product' },
];
const ACTIONS_COLUMN = { key: 'actions', label: 'Actions', align: 'right' as const, srOnly: true };

function SummaryLine({ summary }: { summary: PriceListSummary }) {
  return (
    <Box component="dl" aria-label="Price list summary" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1, m: 0, mb: 2, '& dd': { m: 0, fontWeight: 600 } }}>
      {[
        ['Items', summary.items.toLocaleString('en-US')],
        ['Matched', summary.matched.toLocaleString('en-US')],
        ['Unmatched', summary.unmatched.toLocaleString('en-US')],
        ['Uploaded', summary.uploaded_at ? `${formatDate(summary.uploaded_at)}${summary.file_name ? ` (${summary.file_name})` : ''}` : '—'],
      ].map(([label, value]) => (
        <Box key={label} sx={{ display: 'flex', gap: 0.75 }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" color={label === 'Unmatched' && summary.unmatched > 0 ? 'warning.dark' : undefined}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

interface PriceListDialogProps {
  supplier: Pick<Supplier, 'id' | 'name'>;
  /** suppliers.update: upload, replace and remove the list, match its items by hand. */
  canManage: boolean;
  /** The app's Add Product form, to propose an unmatched item as a new product; none when this person cannot add products. */
  proposeProduct?: ProposeProductSlot | undefined;
  onClose: () => void;
}

/**
 * A supplier's price list for the marketplace: upload it, see how many items matched a catalog
 * product (by barcode or manufacturer code), browse the items, match the rest by hand (or propose
 * them as new products), remove the list.
 */
export function PriceListDialog({ supplier, canManage, proposeProduct, onClose }: PriceListDialogProps) {
  const notify = useNotify();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [pageState, setPageState] = useState<PageState>({ page: 0, perPage: 10 });
  const [removing, setRemoving] = useState(false);
  const [target, setTarget] = useState<{ item: PriceListItem; action: PriceListItemAction } | null>(null);
  // Lives here, not in the product form: the form closes as soon as the product is created.
  const match = useMatchPriceListItem(supplier.id);
  const debouncedSearch = useDebouncedValue(search.trim());
  const list = useQuery(
    priceListQueryOptions(supplier.id, {
      search: debouncedSearch || undefined,
      matched: filter === 'all' ? undefined : filter === 'matched',
      currentPage: pageState.page + 1,
      perPage: pageState.perPage,
    }),
  );
  // No list yet may come back as an empty summary or as a 404: both read "nothing uploaded".
  const missing = list.isError && isMissingRecord(list.error);
  const summary = list.data?.summary;
  const hasList = (summary?.items ?? 0) > 0;
  const rows = list.data?.results ?? [];
  const columns = canManage ? [...COLUMNS, ACTIONS_COLUMN] : COLUMNS;
  const closeTarget = () => { setTarget(null); };

  /** A product proposed from an item is matched to it as soon as it exists. */
  const matchProposed = (item: PriceListItem, product: { id: string; name: string }) => {
    match.mutate(
      { itemId: item.id, product_id: product.id },
      {
        onSuccess: () => { notify.success(MARKETPLACE_MESSAGES.itemMatched); },
        onError: (error) => { notify.error(`${errorMessage(error, MARKETPLACE_MESSAGES.itemMatchFailed)}: ${product.name} was added; match the item to it by hand.`); },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth fullScreen={fullScreen} aria-labelledby="price-list-title">
      <DialogTitle id="price-list-title">Price list of {supplier.name}</DialogTitle>
      <DialogContent>
        {canManage ? <PriceListUpload supplierId={supplier.id} hasList={hasList} /> : null}
        {list.isError && !missing ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(list.error, 'Could not load the price list.')}
          </Alert>
        ) : null}
        {summary && hasList ? <SummaryLine summary={summary} /> : null}
        {missing || (summary && !hasList) ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            No price list yet.{canManage ? ' Upload one to offer this supplier’s items in the marketplace.' : ''}
          </Typography>
        ) : null}
        {hasList ? (
          <>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
              <SearchField
                label="Search items"
                value={search}
                onChange={(value) => {
                  setSearch(value);
                  setPageState((s) => ({ ...s, page: 0 }));
                }}
              />
              <ToggleButtonGroup
                exclusive
                size="small"
                value={filter}
                aria-label="Items to show"
                onChange={(_event, value: Filter | null) => {
                  if (!value) return;
                  setFilter(value);
                  setPageState((s) => ({ ...s, page: 0 }));
                }}
              >
                <ToggleButton value="all">All items</ToggleButton>
                <ToggleButton value="matched">Matched</ToggleButton>
                <ToggleButton value="unmatched">Unmatched</ToggleButton>
              </ToggleButtonGroup>
            </Box>
            <PagedTable
              label={`Price list items of ${supplier.name}`}
              columns={columns}
              total={list.data?.total ?? 0}
              pageState={pageState}
              onPageStateChange={setPageState}
              loading={list.isFetching}
              error={null}
              emptyText={filter === 'unmatched' ? 'Every item matches a catalog product' : 'No items match'}
              rowCount={rows.length}
              minWidth={820}
            >
              {rows.map((item) => (
                <TableRow key={item.id} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{item.vendor_sku}</TableCell>
                  <TableCell sx={{ minWidth: 200 }}>{item.description}</TableCell>
                  <TableCell align="right">{item.pack_size.toLocaleString('en-US')}</TableCell>
                  <TableCell align="right">{formatDollars(item.price)}</TableCell>
                  <TableCell>{item.in_stock ? 'Yes' : 'No'}</TableCell>
                  <TableCell>
                    {item.product ? (
                      item.product.name
                    ) : (
                      <Tooltip title={MARKETPLACE_MESSAGES.notMatched}>
                        <Chip size="small" variant="outlined" color="warning" label="Unmatched" />
                      </Tooltip>
                    )}
                  </TableCell>
                  {canManage ? (
                    <TableCell align="right">
                      <RowMenu
                        subject={`${item.description} (${item.vendor_sku})`}
                        items={priceListItemActionsFor(item, { canManage, canPropose: proposeProduct !== undefined }).map((kind) => ({ kind, label: PRICE_LIST_ITEM_ACTION_LABELS[kind] }))}
                        onSelect={(action) => { setTarget({ item, action }); }}
                      />
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </PagedTable>
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        {canManage && hasList ? (
          <Button color="error" startIcon={<DeleteOutlined />} onClick={() => { setRemoving(true); }} sx={{ mr: 'auto' }}>
            Remove price list
          </Button>
        ) : null}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      {removing && summary ? <RemovePriceListDialog supplier={supplier} items={summary.items} onClose={() => { setRemoving(false); }} /> : null}
      {target?.action === 'match' ? <MatchItemDialog key={target.item.id} supplierId={supplier.id} item={target.item} onClose={closeTarget} /> : null}
      {target?.action === 'unmatch' ? <UnmatchItemDialog key={target.item.id} supplierId={supplier.id} item={target.item} onClose={closeTarget} /> : null}
      {target?.action === 'propose' && proposeProduct
        ? proposeProduct({ draft: productDraftOf(target.item), onCreated: (product) => { matchProposed(target.item, product); }, onClose: closeTarget })
        : null}
    </Dialog>
  );
}
