import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { REORDER_MESSAGES, ReorderSettingsSchema, type ReorderSettings } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSaveReorderSettings } from '../api/reorder-api';

/**
 * Automatic sending of suggested orders: off (nothing is ordered without a person), or on for each
 * vendor's order under a value; the orders go out in the name of the admin who turns it on.
 */
export function AutoSendDialog({ settings, onClose }: { settings: ReorderSettings; onClose: () => void }) {
  const notify = useNotify();
  const save = useSaveReorderSettings();
  const [on, setOn] = useState(settings.auto_send_under != null);
  const [amount, setAmount] = useState(settings.auto_send_under == null ? '' : String(settings.auto_send_under));
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = ReorderSettingsSchema.safeParse({ service_level: settings.service_level, review_days: settings.review_days, auto_send_under: on ? (amount.trim() === '' ? Number.NaN : Number(amount)) : null });
    if (!parsed.success) {
      setError(REORDER_MESSAGES.autoSendRange);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => {
        notify.success(REORDER_MESSAGES.settingsSaved);
        onClose();
      },
      onError: (e) => { setError(e instanceof ApiError && e.errors[0] ? e.errors[0].message : errorMessage(e, 'Could not save the settings')); },
    });
  };
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="auto-send-title">
      <form noValidate onSubmit={(event) => { event.preventDefault(); submit(); }}>
        <DialogTitle id="auto-send-title">Automatic sending</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            When the daily draft is made, each vendor&apos;s order under this amount goes out by itself, in your name. Larger orders wait for you.
          </DialogContentText>
          <Stack spacing={2}>
            <FormControlLabel control={<Switch checked={on} onChange={(e) => { setOn(e.target.checked); setError(null); }} />} label="Send small orders automatically" />
            <TextField
              label="Send orders under ($)"
              value={amount}
              disabled={!on}
              onChange={(e) => { setAmount(e.target.value); setError(null); }}
              error={Boolean(error)}
              helperText={error ?? 'Per vendor, per day'}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
