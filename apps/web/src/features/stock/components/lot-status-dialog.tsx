import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import {
  LOT_STATUS_LABELS,
  LOT_STATUS_MESSAGES,
  LOT_STATUS_REASON_MAX,
  LOT_STATUS_REFERENCE_MAX,
  LotStatusBodySchema,
  type LotStatus,
  type Product,
  type Stock,
} from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useSetLotStatus } from '../api/stock-api';

/** What each action is called: the dialog's title and its confirming button. */
export const LOT_STATUS_ACTIONS: Record<LotStatus, { verb: string; title: string; confirm: string }> = {
  recalled: { verb: 'Recall', title: 'Recall lot', confirm: LOT_STATUS_MESSAGES.recallConfirm },
  quarantined: { verb: 'Quarantine', title: 'Quarantine lot', confirm: LOT_STATUS_MESSAGES.quarantineConfirm },
  available: { verb: 'Release', title: 'Release lot', confirm: LOT_STATUS_MESSAGES.releaseConfirm },
};

/** The status chip a recalled or quarantined lot wears, with why, the reference and who and when. */
export function LotStatusChip({ stock }: { stock: Pick<Stock, 'status' | 'status_reason' | 'status_reference' | 'status_changed_at' | 'status_changed_by'> }) {
  if (stock.status === 'available') return null;
  const details = [stock.status_reason, stock.status_reference ? `Ref. ${stock.status_reference}` : '', stock.status_changed_at ? `${formatDate(stock.status_changed_at)}${stock.status_changed_by ? ` by ${stock.status_changed_by}` : ''}` : '']
    .filter(Boolean)
    .join(' · ');
  return (
    <Tooltip title={details}>
      <Chip size="small" label={LOT_STATUS_LABELS[stock.status]} color={stock.status === 'recalled' ? 'error' : 'warning'} />
    </Tooltip>
  );
}

export interface LotStatusDialogProps {
  product: Pick<Product, 'name'>;
  stock: Pick<Stock, 'id' | 'lotNumber' | 'expiry_date' | 'status'>;
  /** The status the lot is given. */
  status: LotStatus;
  onClose: () => void;
}

/**
 * Recall, quarantine or release a lot: the reason (required to recall or quarantine) and the
 * notice's reference, then a confirmation that says what follows, then the change.
 */
export function LotStatusDialog({ product, stock, status, onClose }: LotStatusDialogProps) {
  const notify = useNotify();
  const change = useSetLotStatus();
  const action = LOT_STATUS_ACTIONS[status];
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  // Issue 50: a quarantine may reach every lot of this number in the organization; a recall always does.
  const [wholeLotNumber, setWholeLotNumber] = useState(false);
  const offersWhole = status === 'quarantined' && stock.lotNumber !== '';
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const parsed = LotStatusBodySchema.safeParse({ status, reason, reference, ...(offersWhole && wholeLotNumber ? { whole_lot_number: true } : {}) });
  const issue = (field: string) => (parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field)?.message) ?? serverErrors[field];
  const reasonError = tried ? issue('reason') : undefined;
  const referenceError = tried ? issue('reference') : undefined;
  const lot = `${product.name}, lot ${stock.lotNumber || '(no lot number)'}, expires ${formatDate(stock.expiry_date)}`;

  const next = () => {
    setTried(true);
    if (parsed.success) setStep('confirm');
  };
  const submit = () => {
    if (!parsed.success) return;
    change.mutate(
      { id: stock.id, body: parsed.data },
      {
        onSuccess: () => {
          notify.success(LOT_STATUS_MESSAGES.changed(status));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.errors.length > 0) {
            setServerErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
            setStep('form');
          }
          notify.error(errorMessage(error, LOT_STATUS_MESSAGES.failed));
        },
      },
    );
  };

  return (
    <Dialog open onClose={change.isPending ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="lot-status-title" aria-describedby="lot-status-text">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (step === 'form') next();
          else submit();
        }}
      >
        <DialogTitle id="lot-status-title">{action.title}</DialogTitle>
        <DialogContent>
          <DialogContentText id="lot-status-text" sx={{ mb: 2 }}>
            {step === 'form' ? `${lot}.` : offersWhole && wholeLotNumber ? LOT_STATUS_MESSAGES.quarantineWholeConfirm : action.confirm}
          </DialogContentText>
          {step === 'form' ? (
            <Stack spacing={2}>
              <TextField
                label="Reason"
                required={status !== 'available'}
                autoFocus
                multiline
                minRows={2}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  setServerErrors({});
                }}
                error={Boolean(reasonError)}
                helperText={reasonError ?? `${String(reason.length)}/${String(LOT_STATUS_REASON_MAX)}`}
                slotProps={{ htmlInput: { maxLength: LOT_STATUS_REASON_MAX } }}
              />
              <TextField
                label="Reference"
                value={reference}
                onChange={(e) => {
                  setReference(e.target.value);
                  setServerErrors({});
                }}
                placeholder={status === 'recalled' ? 'Recall notice number' : 'Ticket or notice'}
                error={Boolean(referenceError)}
                helperText={referenceError ?? 'Optional'}
                slotProps={{ htmlInput: { maxLength: LOT_STATUS_REFERENCE_MAX } }}
              />
              {offersWhole ? (
                <FormControlLabel
                  control={<Checkbox checked={wholeLotNumber} onChange={(e) => { setWholeLotNumber(e.target.checked); }} />}
                  label={LOT_STATUS_MESSAGES.wholeLotNumber(stock.lotNumber)}
                />
              ) : null}
            </Stack>
          ) : (
            <DialogContentText component="div">
              {lot}
              {reason.trim() ? <div>Reason: {reason.trim()}</div> : null}
              {reference.trim() ? <div>Reference: {reference.trim()}</div> : null}
            </DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          {step === 'form' ? (
            <>
              <Button onClick={onClose}>Cancel</Button>
              <Button type="submit" variant="contained">
                Continue
              </Button>
            </>
          ) : (
            <>
              <Button onClick={() => { setStep('form'); }} disabled={change.isPending}>
                Back
              </Button>
              <Button type="submit" variant="contained" color={status === 'available' ? 'primary' : 'error'} loading={change.isPending}>
                {action.title}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
