import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { ConsumeStockRequestSchema, STOCK_MESSAGES, STOCK_NOTE_MAX, type Product, type Stock } from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { blockNonNumericKeys } from '../../../lib/forms';
import { formatDate, unitCount } from '../../../lib/format';
import { useOutboxUser } from '../../../lib/outbox/use-outbox';
import { useConsumeStock } from '../api/stock-api';
import { queueUse } from '../outbox/queue-use';

export interface ConsumeDialogProps {
  product: Pick<Product, 'id' | 'name'>;
  /** A lot to take from; none for first-expiry-first across the product's lots. */
  stock?: Stock | undefined;
  /**
   * At the shelf (/inventory): the use goes through the outbox, kept on the device and sent once
   * when there is no network; the page's "Not sent yet" and its toasts say what became of it.
   */
  viaOutbox?: boolean;
  onClose: () => void;
}

/**
 * Manual consumption: units used for anything but a treatment. The idempotency key is made when
 * the dialog opens, so a double tap or a retry after a lost answer counts once.
 */
export function ConsumeDialog({ product, stock, viaOutbox = false, onClose }: ConsumeDialogProps) {
  const notify = useNotify();
  const consume = useConsumeStock();
  const userId = useOutboxUser();
  const [queueing, setQueueing] = useState(false);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [quantity, setQuantity] = useState('1');
  const [note, setNote] = useState('');
  const parsed = ConsumeStockRequestSchema.safeParse({ product_id: product.id, quantity: quantity === '' ? undefined : Number(quantity), stock_id: stock?.id, note, idempotency_key: idempotencyKey });
  const quantityError = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === 'quantity')?.message;
  const tooMany = stock !== undefined && Number(quantity) > stock.units_left;

  const submit = () => {
    if (!parsed.success || tooMany) return;
    if (viaOutbox && userId) {
      setQueueing(true);
      const label = `${product.name}${stock ? `, lot ${stock.lotNumber || '(no lot number)'}` : ''}: ${unitCount(parsed.data.quantity)} used`;
      queueUse({ kind: 'use', key: idempotencyKey, userId, label, productName: product.name, body: parsed.data }, notify.info).then(onClose, (error: unknown) => {
        setQueueing(false);
        notify.error(errorMessage(error, STOCK_MESSAGES.stockIssue(product.name)));
      });
      return;
    }
    consume.mutate(parsed.data, {
      onSuccess: () => {
        notify.success(STOCK_MESSAGES.consumed);
        onClose();
      },
      onError: (error) => { notify.error(errorMessage(error, STOCK_MESSAGES.stockIssue(product.name))); },
    });
  };

  return (
    <ActionDialog
      form
      title="Record consumption"
      description={
        stock
          ? `${product.name}, lot ${stock.lotNumber || '(no lot number)'}, expires ${formatDate(stock.expiry_date)}: ${unitCount(stock.units_left)} left.`
          : `${product.name}: units are taken from the lot that expires first.`
      }
      submitLabel="Record"
      onSubmit={submit}
      ready={parsed.success && !tooMany}
      pending={consume.isPending || queueing}
      cancelDisabledWhilePending
      onClose={onClose}
      maxWidth="xs"
    >
      <TextField
        label="Units"
        type="number"
        required
        autoFocus
        value={quantity}
        onChange={(e) => { setQuantity(e.target.value); }}
        onKeyDown={blockNonNumericKeys}
        error={Boolean(quantityError) || tooMany}
        helperText={tooMany ? STOCK_MESSAGES.remainingTooHigh : quantityError}
        slotProps={{ htmlInput: { min: 0, step: 'any', inputMode: 'decimal' } }}
      />
      <TextField
        label="Reason"
        value={note}
        onChange={(e) => { setNote(e.target.value); }}
        placeholder="Dropped vial, sample, training…"
        helperText={`${String(note.length)}/${String(STOCK_NOTE_MAX)}`}
        slotProps={{ htmlInput: { maxLength: STOCK_NOTE_MAX } }}
      />
    </ActionDialog>
  );
}
