import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  PRODUCT_REQUEST_MESSAGES,
  PRODUCT_REQUEST_NOTE_MAX,
  PRODUCT_REQUEST_URGENCIES,
  PRODUCT_REQUEST_URGENCY_LABELS,
  ProductRequestFormSchema,
  type Product,
  type ProductRequestUrgency,
} from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { blockNonNumericKeys } from '../../../lib/forms';
import { useRequestProduct } from '../api/product-requests-api';

export interface RequestProductDialogProps {
  product: Pick<Product, 'id' | 'name'>;
  onClose: () => void;
}

type Field = 'quantity' | 'urgency' | 'note';

/**
 * Spec section 2, Stock Room dialog, Request Product: how many containers, how urgent, a note. The
 * request goes to the location's admins as a high-priority running-list line, or, when no vendor
 * offers the product, waits for them to choose a supplier (issue 50). One key per dialog:
 * a double tap or a retry after a lost answer makes one request.
 */
export function RequestProductDialog({ product, onClose }: RequestProductDialogProps) {
  const notify = useNotify();
  const send = useRequestProduct(product.id);
  const [key] = useState(() => crypto.randomUUID());
  const [quantity, setQuantity] = useState('1');
  const [urgency, setUrgency] = useState<ProductRequestUrgency>('routine');
  const [note, setNote] = useState('');
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});

  const parsed = ProductRequestFormSchema.safeParse({ quantity: quantity === '' ? undefined : Number(quantity), urgency, note: note || undefined });
  const issue = (field: Field) => serverErrors[field] ?? (parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field)?.message);

  const submit = () => {
    if (!parsed.success) return;
    send.mutate(
      { ...parsed.data, idempotency_key: key },
      {
        onSuccess: (request) => {
          notify.success(request.state === 'awaiting_supplier' ? PRODUCT_REQUEST_MESSAGES.sentWithoutSupplier : PRODUCT_REQUEST_MESSAGES.sent);
          onClose();
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.errors.filter((e): e is { field: Field; message: string } => ['quantity', 'urgency', 'note'].includes(e.field)) : [];
          if (fields.length > 0) setServerErrors(Object.fromEntries(fields.map((e) => [e.field, e.message])));
          else notify.error(errorMessage(error, PRODUCT_REQUEST_MESSAGES.failed));
        },
      },
    );
  };

  return (
    <ActionDialog
      form
      title="Request Product"
      description={`${product.name}: your admins are told, and it goes on the running list of the vendor with the best price as high priority, or waits for them to choose a supplier.`}
      submitLabel="Send"
      onSubmit={submit}
      ready={parsed.success && Object.keys(serverErrors).length === 0}
      pending={send.isPending}
      cancelDisabledWhilePending
      onClose={onClose}
      maxWidth="xs"
    >
      <TextField
        label="Quantity (containers)"
        type="number"
        required
        value={quantity}
        onChange={(e) => {
          setQuantity(e.target.value);
          setServerErrors({});
        }}
        onKeyDown={blockNonNumericKeys}
        error={Boolean(issue('quantity'))}
        helperText={issue('quantity')}
        slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
      />
      <TextField
        select
        label="Urgency"
        required
        value={urgency}
        onChange={(e) => {
          setUrgency(e.target.value as ProductRequestUrgency);
          setServerErrors({});
        }}
        error={Boolean(issue('urgency'))}
        helperText={issue('urgency')}
      >
        {PRODUCT_REQUEST_URGENCIES.map((value) => (
          <MenuItem key={value} value={value}>
            {PRODUCT_REQUEST_URGENCY_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Note"
        multiline
        minRows={2}
        value={note}
        onChange={(e) => {
          setNote(e.target.value);
          setServerErrors({});
        }}
        error={Boolean(issue('note'))}
        helperText={issue('note') ?? `${String(note.length)}/${String(PRODUCT_REQUEST_NOTE_MAX)}`}
      />
    </ActionDialog>
  );
}
