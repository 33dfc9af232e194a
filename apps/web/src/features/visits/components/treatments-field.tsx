import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { currentOptions } from '../../../lib/current-options';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { treatmentChoicesQueryOptions } from '../api/visits-api';
import type { TreatmentChoice } from '../tray';

/** The treatments performed, searched among the location's designs. */
export function TreatmentsField({ value, onChange, error }: { value: TreatmentChoice[]; onChange: (next: TreatmentChoice[]) => void; error: string | undefined }) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input, 250);
  const choices = useQuery(treatmentChoicesQueryOptions(search));
  return (
    <Autocomplete<TreatmentChoice, true>
      multiple
      options={currentOptions(choices.data ?? [], input, choices.isPlaceholderData ? null : search, (t) => [t.treatment_code, t.name])}
      loading={input.trim() !== search.trim() || choices.isFetching}
      value={value}
      onChange={(_e, next) => { onChange(next); }}
      inputValue={input}
      onInputChange={(_e, next) => { setInput(next); }}
      filterOptions={(all) => all}
      getOptionLabel={(t) => `${t.treatment_code} · ${t.name}`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText="No treatments found. Design them under Treatments, Design."
      loadingText="Searching…"
      renderInput={(params) => <TextField {...params} label="Treatments" error={Boolean(error)} helperText={error} />}
    />
  );
}
