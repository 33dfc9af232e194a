import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { choosePreset, RANGE_PRESETS, rangeOf, type RangeChoice, type RangePreset } from '../lib/date-range';
import { formatDate } from '../lib/format';

interface DateRangePickerProps {
  value: RangeChoice;
  onChange: (next: RangeChoice) => void;
  /** Why the custom days cannot be used; shown under To, where the range ends. */
  error?: string | null | undefined;
}

/** The days a choice covers, as people read dates here (MM-DD-YYYY); the date inputs show the browser's own format. */
function coveredDays(choice: RangeChoice): string | undefined {
  const { start, end } = rangeOf(choice.preset, choice.custom);
  if (start && end) return start === end ? formatDate(start) : `${formatDate(start)} to ${formatDate(end)}`;
  if (start) return `From ${formatDate(start)}`;
  if (end) return `Until ${formatDate(end)}`;
  return undefined;
}

// Phones: the preset takes a line and the two days share the next; wider screens keep one row.
const dayField = { flex: { xs: '1 1 140px', sm: '0 0 auto' } } as const;

/** Presets Today to This year, or Custom with From and To days (spec section 9). */
export function DateRangePicker({ value, onChange, error }: DateRangePickerProps) {
  const setDay = (side: 'from' | 'to', day: string) => { onChange({ ...value, custom: { ...value.custom, [side]: day } }); };
  return (
    // Grows in a toolbar row (the patients page) so that on a phone, wrapped to its own line, it is full width.
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', flexGrow: 1 }}>
      <TextField
        select
        size="small"
        label="Date range"
        value={value.preset}
        onChange={(e) => { onChange(choosePreset(value, e.target.value as RangePreset)); }}
        helperText={error ? undefined : coveredDays(value)}
        fullWidth={false}
        sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
      >
        {RANGE_PRESETS.map((p) => (
          <MenuItem key={p.value} value={p.value}>
            {p.label}
          </MenuItem>
        ))}
      </TextField>
      {value.preset === 'custom' ? (
        <>
          <TextField
            size="small"
            type="date"
            label="From"
            value={value.custom.from}
            onChange={(e) => { setDay('from', e.target.value); }}
            error={Boolean(error)}
            fullWidth={false}
            sx={dayField}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label="To"
            value={value.custom.to}
            onChange={(e) => { setDay('to', e.target.value); }}
            error={Boolean(error)}
            helperText={error ?? undefined}
            fullWidth={false}
            sx={dayField}
            slotProps={{ inputLabel: { shrink: true }, formHelperText: { role: 'alert' } }}
          />
        </>
      ) : null}
    </Box>
  );
}
