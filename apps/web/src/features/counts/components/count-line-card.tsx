import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CountedUnitsSchema, type CountLine } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useOutboxUser } from '../../../lib/outbox/use-outbox';
import { formatVarianceUnits } from '../count-format';
import type { CountLineEntry } from '../outbox/count-entry';
import { queueCountLine } from '../outbox/queue-count-line';

interface CountLineCardProps {
  countId: string;
  line: CountLine;
  /** The lot a scan named: its box takes the focus, ready for the figure. */
  focus: boolean;
  /** The figure saved here and not sent yet (the latest, when saved more than once). */
  queued: CountLineEntry | undefined;
}

const QUEUED_STATE = { waiting: 'Waiting to send', sending: 'Sending', 'needs-attention': 'Needs attention' } as const;

/** What a lot is, as a counter reads it on the box: lot, expiry and where it sits. */
export function lotCaption(line: Pick<CountLine, 'lot_number' | 'expiry_date' | 'place_name'>): string {
  return [line.lot_number ? `Lot ${line.lot_number}` : 'No lot number', line.expiry_date ? `Exp ${formatDate(line.expiry_date)}` : null, line.place_name].filter(Boolean).join(' · ');
}

/**
 * One lot of the sheet: type the units on the shelf and save. The books' figure shows only after
 * the server has the figure (a blind count: the device never keeps it), with the difference; a line
 * can be counted again until the count is submitted. A figure saved goes through the outbox, so it
 * is kept and sent once when the shelf has no network.
 */
export function CountLineCard({ countId, line, focus, queued }: CountLineCardProps) {
  const notify = useNotify();
  const userId = useOutboxUser();
  const [saving, setSaving] = useState(false);
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
    if (!userId) return;
    const key = crypto.randomUUID();
    setSaving(true);
    queueCountLine({ kind: 'count-line', key, userId, countId, label: `${subject}: ${String(parsed.data)} counted`, body: { line_id: line.id, counted_units: parsed.data, idempotency_key: key } }, notify.info)
      .then(() => { setError(null); }, (e: unknown) => { setError(errorMessage(e, 'Could not save the count')); })
      .finally(() => { setSaving(false); });
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
        {queued ? (
          <Typography variant="body2" color={queued.state === 'needs-attention' ? 'warning.main' : 'text.secondary'}>
            {'line_id' in queued.body ? `Counted ${String(queued.body.counted_units)}` : null} · {QUEUED_STATE[queued.state]}
          </Typography>
        ) : null}
        {!queued && line.counted_units !== null && line.expected_units !== null ? (
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
        <Button type="submit" variant={line.counted_units === null ? 'contained' : 'outlined'} loading={saving} aria-label={`Save count of ${subject}`} sx={{ minHeight: 40 }}>
          {line.counted_units === null ? 'Save' : 'Update'}
        </Button>
      </Box>
    </Box>
  );
}
