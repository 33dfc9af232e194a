import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { AddFoundLotRequestSchema, FOUND_LOT_NUMBER_MAX } from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
import { PlaceSelect } from '../../../components/place-select';
import { ProductSearchPicker, type ProductOption } from '../../../components/product-search-picker';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { useOutboxUser } from '../../../lib/outbox/use-outbox';
import { queueCountLine } from '../outbox/queue-count-line';

/**
 * A lot on the shelf that the books do not have: the product, what the box says and how many
 * units. It becomes a lot of its own (reason "found") when the count is approved. It goes through
 * the outbox with its key, as a counted line does: kept on the device without a network, added once.
 */
export function FoundLotDialog({ countId, onClose }: { countId: string; onClose: () => void }) {
  const notify = useNotify();
  const userId = useOutboxUser();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [pending, setPending] = useState(false);
  const [product, setProduct] = useState<ProductOption | null>(null);
  const [lotNumber, setLotNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [units, setUnits] = useState('');
  const [placeId, setPlaceId] = useState('');
  const [unitPrice, setUnitPrice] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const body = {
      product_id: product?.id,
      lot_number: lotNumber,
      expiry_date: expiry || null,
      counted_units: units.trim() === '' ? undefined : Number(units),
      ...(placeId ? { place_id: placeId } : {}),
      ...(unitPrice.trim() === '' ? {} : { unit_price: Number(unitPrice) }),
    };
    const parsed = AddFoundLotRequestSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.path[0] === 'product_id' ? 'Choose the product' : i.message])));
      return;
    }
    if (!userId) return;
    setPending(true);
    const label = `${product?.name ?? 'Found lot'}, found lot ${parsed.data.lot_number}: ${String(parsed.data.counted_units)} counted`;
    queueCountLine({ kind: 'count-line', key: idempotencyKey, userId, countId, label, body: { found: { ...parsed.data, idempotency_key: idempotencyKey } } }, notify.info).then(
      // The count's page says when the server has it ("Found lot added to the count").
      onClose,
      (error: unknown) => {
        setPending(false);
        setErrors({ lot_number: errorMessage(error, 'Could not add the lot') });
      },
    );
  };

  return (
    <ActionDialog
      form
      title="Add a found lot"
      description="A box on the shelf that is not on the books. It is added to the stock when the count is approved."
      submitLabel="Add lot"
      onSubmit={submit}
      pending={pending}
      onClose={onClose}
    >
      <ProductSearchPicker value={product} onChange={(p) => { setProduct(p); setErrors({}); }} />
      {errors.product_id ? <DialogContentText color="error">{errors.product_id}</DialogContentText> : null}
      <TextField label="Lot number" required value={lotNumber} onChange={(e) => { setLotNumber(e.target.value); }} error={Boolean(errors.lot_number)} helperText={errors.lot_number} slotProps={{ htmlInput: { maxLength: FOUND_LOT_NUMBER_MAX } }} />
      <TextField label="Expiry date" type="date" value={expiry} onChange={(e) => { setExpiry(e.target.value); }} error={Boolean(errors.expiry_date)} helperText={errors.expiry_date} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField label="Units counted" required value={units} onChange={(e) => { setUnits(e.target.value); }} error={Boolean(errors.counted_units)} helperText={errors.counted_units} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      <PlaceSelect value={placeId} onChange={setPlaceId} label="Found in" error={errors.place_id} />
      <TextField
        label="Unit price (optional)"
        value={unitPrice}
        onChange={(e) => { setUnitPrice(e.target.value); }}
        error={Boolean(errors.unit_price)}
        helperText={errors.unit_price ?? 'Left empty: the last price paid for this product here'}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
    </ActionDialog>
  );
}
