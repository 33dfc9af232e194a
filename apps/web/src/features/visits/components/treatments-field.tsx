import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { currentOptions } from '../../../lib/current-options';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useOnline } from '../../../lib/use-online';
import { keptTreatmentsQueryOptions, treatmentChoicesQueryOptions } from '../api/visits-api';
import { searchKeptTreatments } from '../kept-search';
import type { TreatmentChoice } from '../tray';

/**
 * The treatments performed, searched among the location's designs: online by the server, offline
 * (or when the server cannot answer) among the treatments kept on the device (issue 52).
 */
export function TreatmentsField({ value, onChange, error }: { value: TreatmentChoice[]; onChange: (next: TreatmentChoice[]) => void; error: string | undefined }) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input, 250);
  const choices = useQuery(treatmentChoicesQueryOptions(search));
  const kept = useQuery(keptTreatmentsQueryOptions());
  const online = useOnline();
  const fromDevice = (!online || choices.isError) && kept.data !== undefined;
  const options = fromDevice ? searchKeptTreatments(kept.data, input) : currentOptions(choices.data ?? [], input, choices.isPlaceholderData ? null : search, (t) => [t.treatment_code, t.name]);
  return (
    <Autocomplete<TreatmentChoice, true>
      multiple
      options={options}
      loading={!fromDevice && (input.trim() !== search.trim() || choices.isFetching)}
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
