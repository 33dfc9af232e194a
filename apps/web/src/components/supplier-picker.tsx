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

function narrowedTo(list: SupplierOption[], typed: string): SupplierOption[] {
  const needle = typed.trim().toLowerCase();
  return needle === '' ? list : list.filter((option) => option.name.toLowerCase().includes(needle));
}

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
  // With a supplier chosen the list offers every supplier again; otherwise the letters typed.
  const showingChoice = value !== null && input === value.name;
  const wanted = showingChoice ? '' : input;
  const asked = showingChoice ? '' : search;
  const options = useQuery(supplierOptionsQueryOptions(asked));
  // Until the server has answered the latest letters (typing pauses, then the request), the list
  // already here is narrowed to names holding them, so options do not jump under a finger or a click.
  const answered = asked === wanted && !options.isPlaceholderData;
  return (
    <Autocomplete
      value={value}
      onChange={(_event, next) => { onChange(next); }}
      inputValue={input}
      onInputChange={(_event, next) => { setInput(next); }}
      options={options.data ?? []}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(list) => (answered ? list : narrowedTo(list, wanted))}
      loading={options.isFetching}
      disabled={disabled}
      noOptionsText="No suppliers found. Add one on the Suppliers page."
      renderInput={(params) => (
        <TextField {...params} label="Supplier" required name="supplier" inputRef={inputRef} onBlur={onBlur} error={Boolean(error)} helperText={error} />
      )}
    />
  );
}
