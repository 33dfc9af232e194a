import { useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { REFERENCE_MAX, ReturnStockRequestSchema, STOCK_NOTE_MAX, WRITE_OFF_MESSAGES } from '@clinic/domain';
import { blockNonNumericKeys } from '../../../lib/forms';
import { formatDollars, unitCount } from '../../../lib/format';
import { useReturnStock } from '../api/write-offs-api';
import { fieldIssue, type WriteOffLot } from './write-off-lot';
import { useWriteOff, WriteOffDialog, WriteOffUnitsField } from './write-off-steps';

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
  const giveBack = useReturnStock();
  const writeOff = useWriteOff(lot);
  const [credit, setCredit] = useState('0');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const parsed = ReturnStockRequestSchema.safeParse({
    units: writeOff.unitsValue,
    credit_amount: credit === '' ? undefined : Number(credit),
    supplier_reference: reference,
    note,
    idempotency_key: writeOff.idempotencyKey,
  });
  const creditError = fieldIssue(parsed, 'credit_amount');
  const referenceError = fieldIssue(parsed, 'supplier_reference');

  const submit = () => {
    if (!parsed.success) return;
    giveBack.mutate({ id: lot.id, body: parsed.data }, writeOff.outcome({ success: WRITE_OFF_MESSAGES.returned, failed: WRITE_OFF_MESSAGES.returnFailed }, onClose));
  };

  const to = supplierName ? ` to ${supplierName}` : ' to the supplier';
  return (
    <WriteOffDialog
      name="return"
      writeOff={writeOff}
      product={product}
      lot={lot}
      busy={giveBack.isPending}
      titles={{ form: 'Return to supplier', confirm: 'Record this return?' }}
      actions={{ form: 'Return', confirm: 'Confirm return' }}
      valid={parsed.success}
      disableWhileInvalid
      onConfirm={submit}
      onClose={onClose}
      fields={
        <>
          <WriteOffUnitsField writeOff={writeOff} error={writeOff.unitsError(parsed)} />
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
        </>
      }
      confirmation={
        <>
          {`${unitCount(Number(writeOff.units))} of ${product.name}, lot ${lot.lotNumber || '(no lot number)'}, go back${to} for a credit of ${formatDollars(Number(credit))}`}
          {reference.trim() ? ` (${reference.trim()})` : ''}. They leave the stock for good.
        </>
      }
    />
  );
}
