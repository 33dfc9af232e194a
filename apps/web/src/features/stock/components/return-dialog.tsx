import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { REFERENCE_MAX, ReturnStockRequestSchema, STOCK_NOTE_MAX, WRITE_OFF_MESSAGES } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { blockNonNumericKeys } from '../../../lib/forms';
import { formatDollars, unitCount } from '../../../lib/format';
import { useReturnStock } from '../api/write-offs-api';
import { fieldIssue, lotLine, type WriteOffLot } from './write-off-lot';

export interface ReturnDialogProps {
  product: { name: string };
  lot: WriteOffLot;
  /** The lot's supplier, named in the confirmation. */
  supplierName?: string | null | undefined;
  onClose: () => void;
}

/**
 * Return to supplier (issue 20): how many units go back, the credit the supplier gives for them and
 * its reference (RMA, credit note), then a confirmation. One idempotency key per dialog.
 */
export function ReturnDialog({ product, lot, supplierName, onClose }: ReturnDialogProps) {
  const notify = useNotify();
  const giveBack = useReturnStock();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [units, setUnits] = useState('1');
  const [credit, setCredit] = useState('0');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [serverUnitsError, setServerUnitsError] = useState<string | null>(null);
  const parsed = ReturnStockRequestSchema.safeParse({
    units: units === '' ? undefined : Number(units),
    credit_amount: credit === '' ? undefined : Number(credit),
    supplier_reference: reference,
    note,
    idempotency_key: idempotencyKey,
  });
  // units_left is rounded down (4.5 shows 4): only a whole unit more is surely too many; the server checks the rest.
  const tooMany = Number(units) >= lot.units_left + 1;
  const unitsError = tooMany ? WRITE_OFF_MESSAGES.moreThanLeft(lot.units_left) : (serverUnitsError ?? fieldIssue(parsed, 'units'));
  const creditError = fieldIssue(parsed, 'credit_amount');
  const referenceError = fieldIssue(parsed, 'supplier_reference');
  const busy = giveBack.isPending;

  const submit = () => {
    if (!parsed.success) return;
    giveBack.mutate(
      { id: lot.id, body: parsed.data },
      {
        onSuccess: () => {
          notify.success(WRITE_OFF_MESSAGES.returned);
          onClose();
        },
        onError: (error) => {
          const field = error instanceof ApiError ? error.errors.find((e) => e.field === 'units') : undefined;
          if (field) {
            setServerUnitsError(field.message);
            setStep('form');
          }
          notify.error(errorMessage(error, WRITE_OFF_MESSAGES.returnFailed));
        },
      },
    );
  };

  const to = supplierName ? ` to ${supplierName}` : ' to the supplier';
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="return-title" aria-describedby="return-text">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (step === 'form') {
            if (parsed.success && !tooMany) setStep('confirm');
          } else submit();
        }}
      >
        <DialogTitle id="return-title">{step === 'form' ? 'Return to supplier' : 'Record this return?'}</DialogTitle>
        <DialogContent>
          {step === 'form' ? (
            <>
              <DialogContentText id="return-text" sx={{ mb: 2 }}>
                {lotLine(product, lot)}
              </DialogContentText>
              <Stack spacing={2}>
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
                  label="Credit amount"
                  type="number"
                  required
                  value={credit}
                  onChange={(e) => { setCredit(e.target.value); }}
                  onKeyDown={blockNonNumericKeys}
                  error={Boolean(creditError)}
                  helperText={creditError ?? 'What the supplier credits for these units; 0 if nothing'}
                  slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> }, htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' } }}
                />
                <TextField
                  label="Supplier reference"
                  value={reference}
                  onChange={(e) => { setReference(e.target.value); }}
                  placeholder="RMA or credit note number"
                  error={Boolean(referenceError)}
                  helperText={referenceError}
                  slotProps={{ htmlInput: { maxLength: REFERENCE_MAX } }}
                />
                <TextField
                  label="Note"
                  value={note}
                  onChange={(e) => { setNote(e.target.value); }}
                  helperText={`${String(note.length)}/${String(STOCK_NOTE_MAX)}`}
                  slotProps={{ htmlInput: { maxLength: STOCK_NOTE_MAX } }}
                />
              </Stack>
            </>
          ) : (
            <DialogContentText id="return-text">
              {`${unitCount(Number(units))} of ${product.name}, lot ${lot.lotNumber || '(no lot number)'}, go back${to} for a credit of ${formatDollars(Number(credit))}`}
              {reference.trim() ? ` (${reference.trim()})` : ''}. They leave the stock for good.
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
            <Button type="submit" variant="contained" disabled={!parsed.success || tooMany || Boolean(serverUnitsError)}>
              Return
            </Button>
          ) : (
            <Button type="submit" variant="contained" loading={busy}>
              Confirm return
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
