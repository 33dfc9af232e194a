import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DISPOSAL_REASON_LABELS, DISPOSAL_REASONS, DisposeStockRequestSchema, STOCK_NOTE_MAX, WRITE_OFF_MESSAGES, type DisposalReason } from '@clinic/domain';
import { unitCount } from '../../../lib/format';
import { useDisposeStock } from '../api/write-offs-api';
import { fieldIssue, type WriteOffLot } from './write-off-lot';
import { useWriteOff, WriteOffDialog, WriteOffUnitsField } from './write-off-steps';

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
  const dispose = useDisposeStock();
  const writeOff = useWriteOff(lot, presetUnits === undefined ? '1' : String(presetUnits));
  const [reason, setReason] = useState<DisposalReason | ''>(presetReason ?? '');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const parsed = DisposeStockRequestSchema.safeParse({ reason: reason || undefined, units: writeOff.unitsValue, note, idempotency_key: writeOff.idempotencyKey });
  const reasonError = touched ? fieldIssue(parsed, 'reason') : undefined;

  const submit = () => {
    if (!parsed.success) return;
    dispose.mutate({ id: lot.id, body: parsed.data }, writeOff.outcome({ success: WRITE_OFF_MESSAGES.disposed, failed: WRITE_OFF_MESSAGES.disposeFailed }, onClose));
  };

  const waste = reason === 'expired' || reason === 'damaged';
  return (
    <WriteOffDialog
      name="dispose"
      writeOff={writeOff}
      product={product}
      lot={lot}
      busy={dispose.isPending}
      titles={{ form: 'Dispose of units', confirm: 'Write off these units?' }}
      actions={{ form: 'Dispose', confirm: 'Write off' }}
      color="error"
      valid={parsed.success}
      onSubmit={() => { setTouched(true); }}
      onConfirm={submit}
      onClose={onClose}
      fields={
        <>
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
          <WriteOffUnitsField writeOff={writeOff} error={writeOff.unitsError(parsed)} />
          <TextField
            label="Note"
            value={note}
            onChange={(e) => { setNote(e.target.value); }}
            placeholder="Cracked cartridge, manufacturer's notice…"
            helperText={`${String(note.length)}/${String(STOCK_NOTE_MAX)}`}
            slotProps={{ htmlInput: { maxLength: STOCK_NOTE_MAX } }}
          />
        </>
      }
      confirmation={
        <>
          {`${unitCount(Number(writeOff.units))} of ${product.name}, lot ${lot.lotNumber || '(no lot number)'}, will be written off as ${reason ? DISPOSAL_REASON_LABELS[reason].toLowerCase() : ''}. `}
          {waste ? 'They leave the stock for good and count as waste at their cost.' : 'They leave the stock for good.'}
        </>
      }
    />
  );
}
