import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PRODUCT_SEARCH_PAGE_SIZE, PRODUCT_SEARCH_STALE_TIME_MS, type Page } from '@clinic/domain';
import type { ProductOption } from '../../../components/product-search-picker';
import { supplierOptionsQueryOptions, type SupplierOption } from '../../../components/supplier-picker';
import { api, errorMessage } from '../../../lib/api-client';
import { currentOptions } from '../../../lib/current-options';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { PickedOption } from '../use-assistant';

interface SelectionDialogProps {
  /** What the assistant heard, to start the search from. */
  search: string;
  onPick: (option: PickedOption) => void;
  onCancel: () => void;
}

interface SelectionShellProps<T extends PickedOption> {
  title: string;
  intro: string;
  searchLabel: string;
  input: string;
  onInput: (value: string) => void;
  options: T[];
  loading: boolean;
  error: string | null;
  emptyText: string;
  secondary?: (option: T) => ReactNode;
  onPick: (option: PickedOption) => void;
  onCancel: () => void;
}

/** The dialog both selections share: a search box, the matching rows as buttons (a click picks), and Cancel. */
function SelectionShell<T extends PickedOption>({ title, intro, searchLabel, input, onInput, options, loading, error, emptyText, secondary, onPick, onCancel }: SelectionShellProps<T>) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const listId = useId();
  return (
    <Dialog open onClose={onCancel} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>
        <TextField
          type="search"
          label={searchLabel}
          value={input}
          onChange={(event) => { onInput(event.target.value); }}
          onKeyDown={(event) => {
            // Enter picks the only match, as a quick way through.
            if (event.key === 'Enter' && options.length === 1 && options[0]) {
              event.preventDefault();
              onPick({ id: options[0].id, name: options[0].name });
            }
          }}
          autoFocus
          fullWidth
          slotProps={{
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
            htmlInput: { 'aria-controls': listId, maxLength: 200 },
          }}
        />
        {loading ? <LinearProgress aria-label="Searching" sx={{ mt: 1 }} /> : null}
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
        <List id={listId} aria-label="Matches" sx={{ mt: 1 }}>
          {options.map((option) => (
            <ListItemButton key={option.id} onClick={() => { onPick({ id: option.id, name: option.name }); }} sx={{ borderRadius: 1 }}>
              <ListItemText primary={option.name} secondary={secondary?.(option)} />
            </ListItemButton>
          ))}
        </List>
        {!loading && !error && options.length === 0 ? (
          <Typography role="status" variant="body2" color="text.secondary">
            {emptyText}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Spec section 2: the assistant asks the user to pick the product (from GET product/v2, the catalog's fuzzy search). */
export function ProductSelectionDialog({ search, onPick, onCancel }: SelectionDialogProps) {
  const [input, setInput] = useState(search);
  const term = useDebouncedValue(input, 250);
  const results = useQuery({
    queryKey: ['products', 'assistant-selection', term] as const,
    queryFn: async ({ signal }) => (await api.get<Page<ProductOption>>('product/v2', { query: { fuzzySearchQuery: term.trim() || undefined, perPage: PRODUCT_SEARCH_PAGE_SIZE }, signal })).results,
    staleTime: PRODUCT_SEARCH_STALE_TIME_MS,
    placeholderData: keepPreviousData,
  });
  const options = currentOptions(results.data ?? [], input, results.isPlaceholderData ? null : term, (p) => [p.name, p.brand]);
  return (
    <SelectionShell
      title="Product selection"
      intro="Which product did you mean? Pick it from the list."
      searchLabel="Search products"
      input={input}
      onInput={setInput}
      options={options}
      loading={input.trim() !== term.trim() || results.isFetching}
      error={results.isError ? errorMessage(results.error, 'Could not search the products.') : null}
      emptyText="No products found"
      secondary={(option) => option.brand || null}
      onPick={onPick}
      onCancel={onCancel}
    />
  );
}

/** Spec section 2: the assistant asks the user to pick the supplier (from GET supplier, searched by name). */
export function SupplierSelectionDialog({ search, onPick, onCancel }: SelectionDialogProps) {
  const [input, setInput] = useState(search);
  const term = useDebouncedValue(input, 250);
  const results = useQuery(supplierOptionsQueryOptions(term.trim()));
  const options = currentOptions<SupplierOption>(results.data ?? [], input, results.isPlaceholderData ? null : term, (s) => [s.name]);
  return (
    <SelectionShell
      title="Supplier selection"
      intro="Which supplier did you mean? Pick it from the list."
      searchLabel="Search suppliers"
      input={input}
      onInput={setInput}
      options={options}
      loading={input.trim() !== term.trim() || results.isFetching}
      error={results.isError ? errorMessage(results.error, 'Could not search the suppliers.') : null}
      emptyText="No suppliers found"
      onPick={onPick}
      onCancel={onCancel}
    />
  );
}
