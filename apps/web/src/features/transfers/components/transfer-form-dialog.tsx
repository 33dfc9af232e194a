import { useCallback, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { useQuery } from '@tanstack/react-query';
import { TRANSFER_MESSAGES, TRANSFER_NOTE_MAX } from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
import { ProductSearchPicker, type ProductOption } from '../../../components/product-search-picker';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { transferLocationsQueryOptions, useCreateTransfer } from '../api/transfers-api';
import type { LotPick } from '../lot-plan';
import { LotPicks, picksToItems, picksValid } from './lot-picks';

interface Item {
  product: ProductOption;
  units: number;
  picks: LotPick[] | null;
}

/**
 * Ask another location for units ('request'), or send units from this one ('send': the lots are
 * proposed first expiry first and can be changed). Both locations are of the organization.
 */
export function TransferFormDialog({ mode, currentCompanyId, onClose }: { mode: 'request' | 'send'; currentCompanyId: string; onClose: () => void }) {
  const notify = useNotify();
  const create = useCreateTransfer();
  const locations = useQuery(transferLocationsQueryOptions());
  const [other, setOther] = useState('');
  const [product, setProduct] = useState<ProductOption | null>(null);
  const [units, setUnits] = useState('');
  const [items, setItems] = useState<Item[]>([]);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const sending = mode === 'send';
  const title = sending ? 'Send units to another location' : 'Ask another location for units';
  const setPicks = useCallback((index: number, picks: LotPick[]) => {
    setItems((all) => all.map((item, i) => (i === index ? { ...item, picks } : item)));
  }, []);

  const unitsNumber = Number(units);
  const canAdd = product !== null && Number.isInteger(unitsNumber) && unitsNumber >= 1;
  const add = () => {
    if (!product || !canAdd) return;
    setItems((all) => [...all, { product, units: unitsNumber, picks: null }]);
    setProduct(null);
    setUnits('');
  };
  const ready = other !== '' && items.length > 0 && (!sending || items.every((i) => picksValid(i.picks)));
  const submit = () => {
    if (!ready) return;
    const body = {
      from_company_id: sending ? currentCompanyId : other,
      to_company_id: sending ? other : currentCompanyId,
      items: sending ? items.flatMap((i) => picksToItems(i.product.id, i.picks ?? [])) : items.map((i) => ({ product_id: i.product.id, units: i.units })),
      note: note.trim() || undefined,
      ship: sending,
      idempotency_key: idempotencyKey,
    };
    create.mutate(body, {
      onSuccess: () => {
        notify.success(sending ? TRANSFER_MESSAGES.shipped : TRANSFER_MESSAGES.requested);
        onClose();
      },
      onError: (e) => { setError(errorMessage(e, TRANSFER_MESSAGES.failed)); },
    });
  };

  return (
    <ActionDialog title={title} error={error} submitLabel={sending ? 'Ship' : 'Ask'} onSubmit={submit} ready={ready} pending={create.isPending} onClose={onClose}>
      <TextField select label={sending ? 'To location' : 'From location'} value={other} onChange={(e) => { setOther(e.target.value); }} required>
        {(locations.data ?? [])
          .filter((l) => l.id !== currentCompanyId)
          .map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {l.name}
            </MenuItem>
          ))}
      </TextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <ProductSearchPicker value={product} onChange={setProduct} exclude={new Set(items.map((i) => i.product.id))} />
        <TextField label="Units" type="number" value={units} onChange={(e) => { setUnits(e.target.value); }} slotProps={{ htmlInput: { min: 1, step: 1 } }} sx={{ width: { sm: 120 } }} />
        <Button onClick={add} disabled={!canAdd} sx={{ mt: { sm: 1 } }}>
          Add
        </Button>
      </Stack>
      {items.map((item, i) => (
        <Stack key={item.product.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Stack sx={{ flex: 1 }}>
            {sending ? (
              <LotPicks productId={item.product.id} productName={item.product.name} units={item.units} value={item.picks} onChange={(picks) => { setPicks(i, picks); }} />
            ) : (
              <Typography>
                {item.product.name}: {item.units} units
              </Typography>
            )}
          </Stack>
          <IconButton aria-label={`Remove ${item.product.name}`} onClick={() => { setItems((all) => all.filter((_, j) => j !== i)); }}>
            <DeleteOutlined />
          </IconButton>
        </Stack>
      ))}
      <TextField label="Note" value={note} onChange={(e) => { setNote(e.target.value); }} multiline minRows={2} slotProps={{ htmlInput: { maxLength: TRANSFER_NOTE_MAX } }} />
    </ActionDialog>
  );
}
