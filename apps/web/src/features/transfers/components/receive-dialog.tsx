import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { receiveIssue, TRANSFER_MESSAGES, TRANSFER_REASON_MAX, type Transfer } from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
import { PlaceSelect } from '../../../components/place-select';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useReceiveTransfer } from '../api/transfers-api';
import { TransferLine } from './transfer-line';

interface Arrived {
  units: string;
  reason: string;
}

/** What arrived of each lot (all of it unless changed); fewer units need a reason, and the rest is written off. */
export function ReceiveDialog({ transfer, onClose }: { transfer: Transfer; onClose: () => void }) {
  const notify = useNotify();
  const receive = useReceiveTransfer();
  const [arrived, setArrived] = useState<Record<string, Arrived>>(() => Object.fromEntries(transfer.lines.map((l) => [l.id, { units: String(l.units_shipped), reason: '' }])));
  const [placeId, setPlaceId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const issueOf = (shipped: number, a: Arrived): { units?: string; reason?: string } => {
    const n = Number(a.units);
    if (a.units === '' || !Number.isInteger(n) || n < 0) return { units: 'Enter whole units' };
    const issue = receiveIssue(shipped, n, a.reason);
    if (issue === null) return {};
    return issue.field === 'units_received' ? { units: issue.message } : { reason: issue.message };
  };
  const issues = transfer.lines.map((l) => issueOf(l.units_shipped, arrived[l.id]!));
  const ready = issues.every((i) => !i.units && !i.reason);
  const submit = () => {
    const lines = transfer.lines.map((l) => {
      const a = arrived[l.id]!;
      const units = Number(a.units);
      return { line_id: l.id, units_received: units, ...(units < l.units_shipped ? { write_off_reason: a.reason.trim() } : {}) };
    });
    receive.mutate(
      { id: transfer.id, body: { lines, place_id: placeId || undefined, idempotency_key: idempotencyKey } },
      {
        onSuccess: () => {
          notify.success(TRANSFER_MESSAGES.received);
          onClose();
        },
        onError: (e) => { setError(errorMessage(e, TRANSFER_MESSAGES.failed)); },
      },
    );
  };
  const set = (lineId: string, change: Partial<Arrived>) => { setArrived((all) => ({ ...all, [lineId]: { ...all[lineId]!, ...change } })); };
  return (
    <ActionDialog title={`Receive from ${transfer.from.name}`} error={error} submitLabel="Receive" onSubmit={submit} ready={ready} pending={receive.isPending} onClose={onClose}>
      {transfer.lines.map((line, i) => {
        const a = arrived[line.id]!;
        const short = Number(a.units) < line.units_shipped;
        return (
          <TransferLine
            key={line.id}
            label={`${line.product_name}, lot ${line.lotNumber}`}
            heading={`${line.product_name}, lot ${line.lotNumber || '(none)'}, expires ${formatDate(line.expiry_date)}: ${String(line.units_shipped)} shipped`}
          >
            <TextField
              size="small"
              type="number"
              label={`Units received of lot ${line.lotNumber || '(none)'}`}
              value={a.units}
              onChange={(e) => { set(line.id, { units: e.target.value }); }}
              error={Boolean(issues[i]!.units)}
              helperText={issues[i]!.units}
              slotProps={{ htmlInput: { min: 0, max: line.units_shipped, step: 1 } }}
            />
            {short ? (
              <TextField
                size="small"
                label="Why the rest did not arrive"
                value={a.reason}
                onChange={(e) => { set(line.id, { reason: e.target.value }); }}
                error={Boolean(issues[i]!.reason)}
                helperText={issues[i]!.reason ?? 'The units that did not arrive are written off'}
                slotProps={{ htmlInput: { maxLength: TRANSFER_REASON_MAX } }}
              />
            ) : null}
          </TransferLine>
        );
      })}
      <PlaceSelect label="Put away in" value={placeId} onChange={setPlaceId} />
    </ActionDialog>
  );
}
