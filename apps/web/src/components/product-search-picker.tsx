import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PRODUCT_SEARCH_PAGE_SIZE, PRODUCT_SEARCH_STALE_TIME_MS, type Page } from '@clinic/domain';
import { api } from '../lib/api-client';
import { currentOptions } from '../lib/current-options';
import { useDebouncedValue } from '../lib/use-debounced-value';

export interface ProductOption {
  id: string;
  name: string;
  brand: string;
  /** An implant (issue 20): the tray asks for its UDI and site. */
  implantable?: boolean;
}

interface ProductSearchPickerProps {
  value: ProductOption | null;
  onChange: (value: ProductOption | null) => void;
  label?: string;
  /** Products to leave out (already on the list). */
  exclude?: ReadonlySet<string>;
}

/** A catalog product found by the fuzzy search (name, brand, barcode, manufacturer code) as the user types. */
export function ProductSearchPicker({ value, onChange, label = 'Product', exclude }: ProductSearchPickerProps) {
  const [input, setInput] = useState('');
  const term = useDebouncedValue(input, 250);
  const options = useQuery({
    queryKey: ['products', 'picker', term] as const,
    queryFn: async ({ signal }) => (await api.get<Page<ProductOption>>('product/v2', { query: { fuzzySearchQuery: term || undefined, perPage: PRODUCT_SEARCH_PAGE_SIZE }, signal })).results,
    staleTime: PRODUCT_SEARCH_STALE_TIME_MS,
    placeholderData: keepPreviousData,
  });
  return (
    <Autocomplete
      value={value}
      onChange={(_event, next) => { onChange(next); }}
      inputValue={input}
      onInputChange={(_event, next) => { setInput(next); }}
      options={currentOptions(options.data ?? [], input, options.isPlaceholderData ? null : term, (p) => [p.name, p.brand]).filter((p) => !exclude?.has(p.id))}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={input.trim() !== term.trim() || options.isFetching}
      loadingText="Searching…"
      noOptionsText={term ? 'No products found' : 'Type to search the catalog'}
      renderOption={(props, option) => (
        <li {...props} key={option.id}>
          {option.name}
          {option.brand ? <span style={{ marginLeft: 8, opacity: 0.7 }}>{option.brand}</span> : null}
        </li>
      )}
      renderInput={(params) => <TextField {...params} label={label} />}
      sx={{ flex: 1, minWidth: 240 }}
    />
  );
}
