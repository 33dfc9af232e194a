import type { EarlierReceipt } from '@clinic/domain';
import { ConfirmDialog } from './confirm-dialog';
import { duplicateReceiptQuestion } from '../lib/duplicate-receipt';

export interface DuplicateReceiptDialogProps {
  /** The earlier receipts the server named; the dialog is closed while null. */
  receipts: EarlierReceipt[] | null;
  loading: boolean;
  onAddAgain: () => void;
  onClose: () => void;
}

/** Asked when a delivery looks received already (Add Stock, receiving an order): Add again resends it confirmed. */
export function DuplicateReceiptDialog({ receipts, loading, onAddAgain, onClose }: DuplicateReceiptDialogProps) {
  return (
    <ConfirmDialog
      open={receipts !== null}
      title="Already received?"
      message={receipts ? duplicateReceiptQuestion(receipts) : ''}
      confirmLabel="Add again"
      loading={loading}
      onConfirm={onAddAgain}
      onClose={onClose}
    />
  );
}
