import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { REORDER_MESSAGES, ReorderSettingsSchema, type ReorderSettings } from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
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
    <ActionDialog
      form
      title="Automatic sending"
      description="When the daily draft is made, each vendor's order under this amount goes out by itself, in your name. Larger orders wait for you."
      submitLabel="Save"
      onSubmit={submit}
      pending={save.isPending}
      onClose={onClose}
      maxWidth="xs"
    >
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
    </ActionDialog>
  );
}
