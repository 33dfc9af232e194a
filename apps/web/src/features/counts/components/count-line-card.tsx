import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CountedUnitsSchema, type CountLine } from '@clinic/domain';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { formatVarianceUnits } from '../count-format';
import { useSaveCountLine } from '../api/counts-api';

interface CountLineCardProps {
  countId: string;
  line: CountLine;
  /** The lot a scan named: its box takes the focus, ready for the figure. */
  focus: boolean;
}

/** What a lot is, as a counter reads it on the box: lot, expiry and where it sits. */
export function lotCaption(line: Pick<CountLine, 'lot_number' | 'expiry_date' | 'place_name'>): string {
  return [line.lot_number ? `Lot ${line.lot_number}` : 'No lot number', line.expiry_date ? `Exp ${formatDate(line.expiry_date)}` : null, line.place_name].filter(Boolean).join(' · ');
}

/**
 * One lot of the sheet: type the units on the shelf and save. The books' figure shows only after
 * saving (a blind count), with the difference; a line can be counted again until the count is submitted.
 */
export function CountLineCard({ countId, line, focus }: CountLineCardProps) {
  const save = useSaveCountLine(countId);
  const [value, setValue] = useState(line.counted_units === null ? '' : String(line.counted_units));
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) input.current?.focus();
  }, [focus]);
  const subject = `${line.product_name} lot ${line.lot_number || 'without number'}`;

  const submit = () => {
    const parsed = CountedUnitsSchema.safeParse(value.trim() === '' ? undefined : Number(value));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the figure');
      return;
    }
    save.mutate(
      { lineId: line.id, counted: parsed.data },
      {
        onSuccess: () => { setError(null); },
        onError: (e) => { setError(errorMessage(e, 'Could not save the count')); },
      },
    );
  };
  const variance = line.variance_units;

  return (
    <Box
      component="li"
      aria-label={subject}
      sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', py: 1.5, px: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {line.product_name}
          {line.is_found ? <Chip size="small" label="Found" color="info" variant="outlined" sx={{ ml: 1 }} /> : null}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {lotCaption(line)}
        </Typography>
        {line.counted_units !== null && line.expected_units !== null ? (
          <Typography variant="body2" sx={{ color: variance === 0 ? 'success.main' : 'warning.main' }} role="status">
            Counted {line.counted_units} · Books {line.expected_units} · {variance === 0 ? 'matches' : formatVarianceUnits(variance ?? 0)}
          </Typography>
        ) : null}
      </Box>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
      >
        <TextField
          inputRef={input}
          size="small"
          label="Counted"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error}
          sx={{ width: 120 }}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `Units counted of ${subject}` } }}
        />
        <Button type="submit" variant={line.counted_units === null ? 'contained' : 'outlined'} loading={save.isPending} aria-label={`Save count of ${subject}`} sx={{ minHeight: 40 }}>
          {line.counted_units === null ? 'Save' : 'Update'}
        </Button>
      </Box>
    </Box>
  );
}
