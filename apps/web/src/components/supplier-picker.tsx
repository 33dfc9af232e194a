import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@clinic/domain';
import { api } from '../lib/api-client';
import { useDebouncedValue } from '../lib/use-debounced-value';

export interface SupplierOption {
  id: string;
  name: string;
}

/** Suppliers for a supplier picker (stock form, running lists), searched by name as the user types. */
export const supplierOptionsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['suppliers', 'options', search] as const,
    queryFn: async ({ signal }) => (await api.get<Page<SupplierOption>>('supplier', { query: { search, perPage: 20 }, signal })).results,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

interface SupplierPickerProps {
  value: SupplierOption | null;
  onChange: (value: SupplierOption | null) => void;
  onBlur?: () => void;
  error?: string | undefined;
  disabled?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
}

/** A required supplier, searched by name on the server as the user types. */
export function SupplierPicker({ value, onChange, onBlur, error, disabled, inputRef }: SupplierPickerProps) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input, 250);
  const options = useQuery(supplierOptionsQueryOptions(value && input === value.name ? '' : search));
  return (
    <Autocomplete
      value={value}
      onChange={(_event, next) => { onChange(next); }}
      inputValue={input}
      onInputChange={(_event, next) => { setInput(next); }}
      options={options.data ?? []}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      loading={options.isFetching}
      disabled={disabled}
      noOptionsText="No suppliers found. Add one on the Suppliers page."
      renderInput={(params) => (
        <TextField {...params} label="Supplier" required name="supplier" inputRef={inputRef} onBlur={onBlur} error={Boolean(error)} helperText={error} />
      )}
    />
  );
}
