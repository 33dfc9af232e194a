import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { z } from 'zod';
import { WRITE_OFF_MESSAGES } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { blockNonNumericKeys } from '../../../lib/forms';
import { fieldIssue, lotLine, type WriteOffLot } from './write-off-lot';

/**
 * What the Dispose and Return dialogs share: the idempotency key, made when the dialog opens so a
 * double tap or a retry after a lost answer writes off once; the form and confirmation steps; and
 * the units, checked against what the lot has left and against the server's answer.
 */
export function useWriteOff(lot: WriteOffLot, initialUnits = '1') {
  const notify = useNotify();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [units, setUnitsText] = useState(initialUnits);
  const [serverUnitsError, setServerUnitsError] = useState<string | null>(null);
  // units_left is rounded down (4.5 shows 4): only a whole unit more is surely too many; the server checks the rest.
  const tooMany = Number(units) >= lot.units_left + 1;
  return {
    idempotencyKey,
    step,
    setStep,
    units,
    tooMany,
    serverUnitsError,
    /** The units as the request schema takes them: none while the field is empty. */
    unitsValue: units === '' ? undefined : Number(units),
    setUnits: (text: string) => {
      setUnitsText(text);
      setServerUnitsError(null);
    },
    unitsError: (parsed: z.ZodSafeParseResult<unknown>) => (tooMany ? WRITE_OFF_MESSAGES.moreThanLeft(lot.units_left) : (serverUnitsError ?? fieldIssue(parsed, 'units'))),
    /** The mutation's callbacks: the success message and close; a refusal of the units goes under Units, back on the form. */
    outcome: (messages: { success: string; failed: string }, onClose: () => void) => ({
      onSuccess: () => {
        notify.success(messages.success);
        onClose();
      },
      onError: (error: Error) => {
        const field = error instanceof ApiError ? error.errors.find((e) => e.field === 'units') : undefined;
        if (field) {
          setServerUnitsError(field.message);
          setStep('form');
        }
        notify.error(errorMessage(error, messages.failed));
      },
    }),
  };
}

export type WriteOff = ReturnType<typeof useWriteOff>;

/** The Units field of a write-off form. */
export function WriteOffUnitsField({ writeOff, error }: { writeOff: WriteOff; error: string | undefined }) {
  return (
    <TextField
      label="Units"
      type="number"
      required
      autoFocus
      value={writeOff.units}
      onChange={(e) => { writeOff.setUnits(e.target.value); }}
      onKeyDown={blockNonNumericKeys}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { min: 0, step: 'any', inputMode: 'decimal' } }}
    />
  );
}

interface WriteOffDialogProps {
  /** The ids of the title and the text: 'dispose' names dispose-title and dispose-text. */
  name: string;
  writeOff: WriteOff;
  product: { name: string };
  lot: WriteOffLot;
  busy: boolean;
  titles: { form: string; confirm: string };
  /** The submit button's label on the form and on the confirmation. */
  actions: { form: string; confirm: string };
  color?: 'error' | undefined;
  /** The request parses: the form may go on to the confirmation. */
  valid: boolean;
  /** The form's button stays off while the request does not parse, not only while the units are refused. */
  disableWhileInvalid?: boolean;
  /** Every submit, before the step's own (the Dispose form shows a missing reason from then on). */
  onSubmit?: () => void;
  onConfirm: () => void;
  onClose: () => void;
  /** The form's fields, WriteOffUnitsField among them. */
  fields: ReactNode;
  /** What the confirmation says is about to happen. */
  confirmation: ReactNode;
}

/** A write-off's dialog: the lot and the form, then a confirmation with Back, since units written off never come back. */
export function WriteOffDialog({ name, writeOff, product, lot, busy, titles, actions, color, valid, disableWhileInvalid = false, onSubmit, onConfirm, onClose, fields, confirmation }: WriteOffDialogProps) {
  const { step, setStep } = writeOff;
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby={`${name}-title`} aria-describedby={`${name}-text`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit?.();
          if (step === 'form') {
            if (valid && !writeOff.tooMany) setStep('confirm');
          } else onConfirm();
        }}
      >
        <DialogTitle id={`${name}-title`}>{step === 'form' ? titles.form : titles.confirm}</DialogTitle>
        <DialogContent>
          {step === 'form' ? (
            <>
              <DialogContentText id={`${name}-text`} sx={{ mb: 2 }}>
                {lotLine(product, lot)}
              </DialogContentText>
              <Stack spacing={2}>{fields}</Stack>
            </>
          ) : (
            <DialogContentText id={`${name}-text`}>{confirmation}</DialogContentText>
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
            <Button type="submit" variant="contained" color={color} disabled={(disableWhileInvalid && !valid) || writeOff.tooMany || Boolean(writeOff.serverUnitsError)}>
              {actions.form}
            </Button>
          ) : (
            <Button type="submit" variant="contained" color={color} loading={busy}>
              {actions.confirm}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
