import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import type { Company } from '@clinic/domain';
import { ALL_LOCATIONS_PAGE, companiesQueryOptions, locationOptionLabel } from '../../../lib/companies';

/** A client location an import writes to (stock, treatment designs). */
export function LocationPicker({ label, helperText, value, onChange, error }: { label: string; helperText: string; value: Company | null; onChange: (next: Company | null) => void; error?: boolean }) {
  const locations = useQuery(companiesQueryOptions(ALL_LOCATIONS_PAGE));
  return (
    <Autocomplete
      options={locations.data?.results ?? []}
      value={value}
      onChange={(_e, next) => { onChange(next); }}
      getOptionLabel={locationOptionLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={locations.isFetching}
      sx={{ width: { xs: '100%', sm: 300 } }}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} error={error} />}
    />
  );
}
