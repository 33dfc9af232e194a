import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { defaultPlaceOf, placesQueryOptions } from '../lib/places';

export interface PlaceSelectProps {
  /** The chosen place's id; '' until the places load, then the default place is offered. */
  value: string;
  onChange: (placeId: string) => void;
  label?: string;
  /** Places not to offer (the place a lot is already in). */
  exclude?: string | undefined;
  error?: string | undefined;
  disabled?: boolean;
  size?: 'small' | 'medium';
}

/**
 * A live storage place of the location (issue 34): where a lot goes or moves. Shows the location's
 * default place while nothing is chosen, which is where the server puts a lot named no place.
 */
export function PlaceSelect({ value, onChange, label = 'Place', exclude, error, disabled, size }: PlaceSelectProps) {
  const places = useQuery(placesQueryOptions());
  const options = (places.data ?? []).filter((p) => p.id !== exclude);
  const shown = value || (exclude ? '' : (defaultPlaceOf(places.data)?.id ?? ''));
  return (
    <TextField
      select
      fullWidth
      label={label}
      size={size}
      value={options.some((p) => p.id === shown) ? shown : ''}
      onChange={(e) => { onChange(e.target.value); }}
      disabled={disabled || places.isPending}
      error={Boolean(error) || places.isError}
      helperText={error ?? (places.isError ? 'Could not load the places' : undefined)}
    >
      {options.map((p) => (
        <MenuItem key={p.id} value={p.id}>
          {p.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
