import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DISPOSAL_REASON_LABELS, DISPOSAL_REASONS, DisposeStockRequestSchema, STOCK_NOTE_MAX, WRITE_OFF_MESSAGES, type DisposalReason } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { blockNonNumericKeys } from '../../../lib/forms';
import { unitCount } from '../../../lib/format';
import { useDisposeStock } from '../api/write-offs-api';
import { fieldIssue, lotLine, type WriteOffLot } from './write-off-lot';

export interface DisposeDialogProps {
  product: { name: string };
  lot: WriteOffLot;
  /** An expired lot's alert opens the dialog with the reason expired and every unit left. */
  presetReason?: DisposalReason | undefined;
  presetUnits?: number | undefined;
  onClose: () => void;
}

/**
 * Dispose of units (issue 20): why, how many and a note, then a confirmation, since units written
 * off never come back. The idempotency key is made when the dialog opens, so a double tap or a
 * retry after a lost answer writes off once.
 */
export function DisposeDialog({ product, lot, presetReason, presetUnits, onClose }: DisposeDialogProps) {
  const notify = useNotify();
  const dispose = useDisposeStock();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [reason, setReason] = useState<DisposalReason | ''>(presetReason ?? '');
  const [units, setUnits] = useState(presetUnits === undefined ? '1' : String(presetUnits));
  const [note, setNote] = useState('');
  const [serverUnitsError, setServerUnitsError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const parsed = DisposeStockRequestSchema.safeParse({ reason: reason || undefined, units: units === '' ? undefined : Number(units), note, idempotency_key: idempotencyKey });
  // units_left is rounded down (4.5 shows 4): only a whole unit more is surely too many; the server checks the rest.
  const tooMany = Number(units) >= lot.units_left + 1;
  const unitsError = tooMany ? WRITE_OFF_MESSAGES.moreThanLeft(lot.units_left) : (serverUnitsError ?? fieldIssue(parsed, 'units'));
  const reasonError = touched ? fieldIssue(parsed, 'reason') : undefined;
  const busy = dispose.isPending;

  const submit = () => {
    if (!parsed.success) return;
    dispose.mutate(
      { id: lot.id, body: parsed.data },
      {
        onSuccess: () => {
          notify.success(WRITE_OFF_MESSAGES.disposed);
          onClose();
        },
        onError: (error) => {
          const field = error instanceof ApiError ? error.errors.find((e) => e.field === 'units') : undefined;
          if (field) {
            setServerUnitsError(field.message);
            setStep('form');
          }
          notify.error(errorMessage(error, WRITE_OFF_MESSAGES.disposeFailed));
        },
      },
    );
  };

  const count = unitCount(Number(units));
  const waste = reason === 'expired' || reason === 'damaged';
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="dispose-title" aria-describedby="dispose-text">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (step === 'form') {
            if (parsed.success && !tooMany) setStep('confirm');
          } else submit();
        }}
      >
        <DialogTitle id="dispose-title">{step === 'form' ? 'Dispose of units' : 'Write off these units?'}</DialogTitle>
        <DialogContent>
          {step === 'form' ? (
            <>
              <DialogContentText id="dispose-text" sx={{ mb: 2 }}>
                {lotLine(product, lot)}
              </DialogContentText>
              <Stack spacing={2}>
                <TextField
                  select
                  label="Reason"
                  required
                  value={reason}
                  onChange={(e) => { setReason(e.target.value as DisposalReason); }}
                  error={Boolean(reasonError)}
                  helperText={reasonError}
                >
                  {DISPOSAL_REASONS.map((r) => (
                    <MenuItem key={r} value={r}>
                      {DISPOSAL_REASON_LABELS[r]}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  label="Units"
                  type="number"
                  required
                  autoFocus
                  value={units}
                  onChange={(e) => {
                    setUnits(e.target.value);
                    setServerUnitsError(null);
                  }}
                  onKeyDown={blockNonNumericKeys}
                  error={Boolean(unitsError)}
                  helperText={unitsError}
                  slotProps={{ htmlInput: { min: 0, step: 'any', inputMode: 'decimal' } }}
                />
                <TextField
                  label="Note"
                  value={note}
                  onChange={(e) => { setNote(e.target.value); }}
                  placeholder="Cracked cartridge, manufacturer's notice…"
                  helperText={`${String(note.length)}/${String(STOCK_NOTE_MAX)}`}
                  slotProps={{ htmlInput: { maxLength: STOCK_NOTE_MAX } }}
                />
              </Stack>
            </>
          ) : (
            <DialogContentText id="dispose-text">
              {`${count} of ${product.name}, lot ${lot.lotNumber || '(no lot number)'}, will be written off as ${reason ? DISPOSAL_REASON_LABELS[reason].toLowerCase() : ''}. `}
              {waste ? 'They leave the stock for good and count as waste at their cost.' : 'They leave the stock for good.'}
            </DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          {step === 'form' ? (
            <Button onClick={onClose}>Cancel</Button>
          ) : (
            <Button onClick={() => { setStep('form'); }} disabled={busy}>
              Back
            </Button>
          )}
          {step === 'form' ? (
            <Button type="submit" variant="contained" color="error" disabled={tooMany || Boolean(serverUnitsError)}>
              Dispose
            </Button>
          ) : (
            <Button type="submit" variant="contained" color="error" loading={busy}>
              Write off
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
