import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { supplierOptionsQueryOptions, type SupplierOption } from '../api/stock-api';

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
