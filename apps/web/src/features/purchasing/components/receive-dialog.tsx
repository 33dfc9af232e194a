import { useState } from 'react';
import { PlaceSelect } from '../../../components/place-select';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import QrCodeScannerOutlined from '@mui/icons-material/QrCodeScannerOutlined';
import { PURCHASING_MESSAGES, type EarlierReceipt, type PurchaseOrderDetail, type ReceivePurchaseOrderRequest } from '@clinic/domain';
import { DuplicateReceiptDialog } from '../../../components/duplicate-receipt-dialog';
import { duplicateReceiptsOf } from '../../../lib/duplicate-receipt';
import { BarcodeScannerDialog } from '../../../components/barcode/barcode-scanner-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { blockNonNumericKeys } from '../../../lib/forms';
import { todayIso } from '../../../lib/format';
import { useReceivePurchaseOrder } from '../api/purchasing-api';
import { applyScan, draftsFor, receiveRequestOf, type ReceiveLineDraft } from '../receive-form';

export interface ReceiveDialogProps {
  order: PurchaseOrderDetail;
  onClose: () => void;
}

/**
 * Receiving a delivery: per line the containers that arrived, their lot, expiry and consignment;
 * scanning a box's GS1 code fills its line. The idempotency key is made when the dialog opens, so
 * a double tap or a retry after a lost answer receives once.
 */
export function ReceiveDialog({ order, onClose }: ReceiveDialogProps) {
  const notify = useNotify();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const receive = useReceivePurchaseOrder(order.id);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [drafts, setDrafts] = useState<ReceiveLineDraft[]>(() => draftsFor(order.lines));
  const [submitted, setSubmitted] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [scanNotice, setScanNotice] = useState<{ message: string; ok: boolean } | null>(null);
  // Issue 34: the storage place the delivery's lots go to; '' for the location's default place.
  const [placeId, setPlaceId] = useState('');
  const today = todayIso();
  const { request, issues } = receiveRequestOf(drafts, idempotencyKey, today);
  const issueOf = (lineId: string, field: string) => (submitted || field === 'quantity' ? issues[lineId]?.find((i) => i.field === field)?.message : undefined);

  const edit = (lineId: string, change: Partial<ReceiveLineDraft>) => { setDrafts((all) => all.map((d) => (d.lineId === lineId ? { ...d, ...change } : d))); };

  // Lots the server says were received before: asked about before receiving them again.
  const [duplicates, setDuplicates] = useState<EarlierReceipt[] | null>(null);

  const send = (body: ReceivePurchaseOrderRequest) => {
    receive.mutate(body, {
      onSuccess: () => {
        notify.success(PURCHASING_MESSAGES.received);
        setDuplicates(null);
        onClose();
      },
      onError: (error) => {
        const receipts = duplicateReceiptsOf(error);
        setDuplicates(receipts);
        if (!receipts) notify.error(errorMessage(error, PURCHASING_MESSAGES.receiveFailed));
      },
    });
  };

  const submit = () => {
    setSubmitted(true);
    if (request) send({ ...request, place_id: placeId || undefined });
  };

  return (
    <Dialog open onClose={receive.isPending ? undefined : onClose} maxWidth="md" fullWidth fullScreen={fullScreen} aria-labelledby="receive-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogTitle id="receive-title">Receive {order.number}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
            <Typography variant="body2" color="text.secondary">
              Enter what arrived; leave a quantity empty or 0 for what did not. Each line becomes stock with its lot and expiry.
            </Typography>
            <Button variant="outlined" startIcon={<QrCodeScannerOutlined />} onClick={() => { setScanning(true); }}>
              Scan a box
            </Button>
          </Box>
          <Box sx={{ mb: 2, maxWidth: 320 }}>
            <PlaceSelect label="Put away in" value={placeId} onChange={setPlaceId} size="small" />
          </Box>
          {scanNotice ? (
            <Alert severity={scanNotice.ok ? 'success' : 'warning'} sx={{ mb: 2 }} onClose={() => { setScanNotice(null); }}>
              {scanNotice.message}
            </Alert>
          ) : null}
          {submitted && issues.form ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {issues.form[0]?.message}
            </Alert>
          ) : null}
          <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {drafts.map((draft) => (
              <Box component="li" key={draft.lineId} aria-label={draft.productName} sx={{ borderBottom: 1, borderColor: 'divider', pb: 2 }}>
                <Typography sx={{ fontWeight: 600, mb: 1 }}>
                  {draft.productName}{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    ({String(draft.remaining)} expected)
                  </Typography>
                </Typography>
                <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: '110px 160px 1fr 170px auto' }, alignItems: 'start' }}>
                  <TextField
                    size="small"
                    label={draft.consumable ? 'Units' : 'Containers'}
                    type="number"
                    value={draft.quantity}
                    onChange={(e) => { edit(draft.lineId, { quantity: e.target.value }); }}
                    onKeyDown={blockNonNumericKeys}
                    error={Boolean(issueOf(draft.lineId, 'quantity'))}
                    helperText={issueOf(draft.lineId, 'quantity')}
                    slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
                  />
                  <TextField
                    size="small"
                    label="Units per container"
                    type="number"
                    value={draft.consumable ? '1' : draft.unitsPerContainer}
                    disabled={draft.consumable}
                    onChange={(e) => { edit(draft.lineId, { unitsPerContainer: e.target.value }); }}
                    onKeyDown={blockNonNumericKeys}
                    error={Boolean(issueOf(draft.lineId, 'units_per_container'))}
                    helperText={issueOf(draft.lineId, 'units_per_container')}
                    slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
                  />
                  <TextField
                    size="small"
                    label="Lot number"
                    value={draft.lotNumber}
                    onChange={(e) => { edit(draft.lineId, { lotNumber: e.target.value, typed: { ...draft.typed, lotNumber: true } }); }}
                    error={Boolean(issueOf(draft.lineId, 'lotNumber'))}
                    helperText={issueOf(draft.lineId, 'lotNumber')}
                  />
                  <TextField
                    size="small"
                    label="Expiry date"
                    type="date"
                    value={draft.expiryDate}
                    onChange={(e) => { edit(draft.lineId, { expiryDate: e.target.value, typed: { ...draft.typed, expiryDate: true } }); }}
                    error={Boolean(issueOf(draft.lineId, 'expiry_date'))}
                    helperText={issueOf(draft.lineId, 'expiry_date')}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
                  />
                  <FormControlLabel
                    control={<Switch checked={draft.isConsignment} onChange={(e) => { edit(draft.lineId, { isConsignment: e.target.checked }); }} />}
                    label="Consignment"
                  />
                </Box>
              </Box>
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={receive.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={receive.isPending}>
            Receive into stock
          </Button>
        </DialogActions>
      </form>
      {scanning ? (
        <BarcodeScannerDialog
          title="Scan a box of this order"
          onDetected={(code) => {
            setScanning(false);
            const result = applyScan(drafts, code, today);
            setDrafts(result.drafts);
            setScanNotice({ message: result.message, ok: result.ok });
          }}
          onClose={() => { setScanning(false); }}
        />
      ) : null}
      <DuplicateReceiptDialog
        receipts={duplicates}
        loading={receive.isPending}
        // The same key: the confirmed delivery is the one the warning was about.
        onAddAgain={() => { if (request) send({ ...request, place_id: placeId || undefined, confirm_duplicate: true }); }}
        onClose={() => { setDuplicates(null); }}
      />
    </Dialog>
  );
}
