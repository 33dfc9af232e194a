import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_RUNNING_LIST_QUANTITY, PURCHASING_MESSAGES, RunningListProductInputSchema, type Product, type RunningList } from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
import { SupplierPicker, type SupplierOption } from '../../../components/supplier-picker';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { blockNonNumericKeys } from '../../../lib/forms';
import { formatDate } from '../../../lib/format';
import { runningListsQueryOptions, useAddToNewRunningList, useAddToRunningList } from '../api/purchasing-api';
import { newestOpenListOf, type RunningListDefaults } from '../reorder-defaults';

const NEW_LIST = 'new';

export interface RunningListDialogProps {
  product: Pick<Product, 'id' | 'name'>;
  /** From a low-stock alert: the supplier's open list (or a new one for it) and the containers short. */
  defaults?: RunningListDefaults | undefined;
  onClose: () => void;
}

const listLabel = (list: RunningList) => `${list.supplier.name}, started ${formatDate(list.created_at)} (${String(list.products_count)} ${list.products_count === 1 ? 'product' : 'products'})`;

/**
 * Spec section 5, Running list dialog: onto an open list or a new one for a supplier ('Select a
 * supplier first!'), with quantity, price and high priority. An empty price lets the server use
 * the last price paid to that supplier (or 1).
 */
export function RunningListDialog({ product, defaults, onClose }: RunningListDialogProps) {
  const notify = useNotify();
  const addToList = useAddToRunningList();
  const addToNewList = useAddToNewRunningList();
  const pending = addToList.isPending || addToNewList.isPending;
  const openLists = useQuery(runningListsQueryOptions({ notOrdered: true }, 1, 100));
  // Until the person picks a list, the default supplier's open list is chosen once the lists load.
  const [pickedListId, setListId] = useState<string | null>(null);
  const [supplier, setSupplier] = useState<SupplierOption | null>(defaults?.supplier ?? null);
  const [quantity, setQuantity] = useState(String(defaults?.quantity ?? DEFAULT_RUNNING_LIST_QUANTITY));
  const [price, setPrice] = useState('');
  const [highPriority, setHighPriority] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const lists = openLists.data?.results ?? [];
  const listId = pickedListId ?? (defaults?.supplier ? newestOpenListOf(lists, defaults.supplier.id)?.id : undefined) ?? NEW_LIST;
  const chosen = lists.find((l) => l.id === listId);
  const parsed = RunningListProductInputSchema.safeParse({
    product_id: product.id,
    quantity: quantity === '' ? undefined : Number(quantity),
    price: price === '' ? undefined : Number(price),
    high_priority: highPriority,
  });
  const issue = (field: string) => (parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field)?.message);
  const quantityError = quantity === '' ? 'Quantity is required' : issue('quantity');
  const supplierError = submitted && !chosen && !supplier ? PURCHASING_MESSAGES.selectSupplier : undefined;

  const submit = () => {
    setSubmitted(true);
    if (!parsed.success || quantityError || (!chosen && !supplier)) return;
    const done = {
      onSuccess: () => {
        notify.success(PURCHASING_MESSAGES.productAdded);
        onClose();
      },
      onError: (error: unknown) => { notify.error(errorMessage(error, PURCHASING_MESSAGES.addFailed)); },
    };
    if (chosen) addToList.mutate({ ...parsed.data, running_list_id: chosen.id }, done);
    else addToNewList.mutate({ ...parsed.data, supplierId: supplier!.id }, done);
  };

  return (
    <ActionDialog form title="Add to Running List" description={product.name} submitLabel="Add" onSubmit={submit} pending={pending} cancelDisabledWhilePending onClose={onClose} maxWidth="xs">
      <TextField select label="Running list" value={listId} onChange={(e) => { setListId(e.target.value); }} disabled={openLists.isPending}>
        <MenuItem value={NEW_LIST}>New running list</MenuItem>
        {lists.map((list) => (
          <MenuItem key={list.id} value={list.id}>
            {listLabel(list)}
          </MenuItem>
        ))}
      </TextField>
      {chosen ? (
        <TextField label="Supplier" value={chosen.supplier.name} disabled />
      ) : (
        <SupplierPicker value={supplier} onChange={setSupplier} error={supplierError} />
      )}
      <TextField
        label="Quantity (containers)"
        type="number"
        required
        value={quantity}
        onChange={(e) => { setQuantity(e.target.value); }}
        onKeyDown={blockNonNumericKeys}
        error={Boolean(quantityError)}
        helperText={quantityError ?? defaults?.hint}
        slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
      />
      <TextField
        label="Price per container ($)"
        type="number"
        value={price}
        onChange={(e) => { setPrice(e.target.value); }}
        onKeyDown={blockNonNumericKeys}
        error={Boolean(issue('price'))}
        helperText={issue('price') ?? 'Leave empty for the last price paid to this supplier ($1 if never bought)'}
        slotProps={{ htmlInput: { min: 0, step: 'any', inputMode: 'decimal' } }}
      />
      <FormControlLabel control={<Switch checked={highPriority} onChange={(e) => { setHighPriority(e.target.checked); }} />} label="High priority" />
    </ActionDialog>
  );
}
