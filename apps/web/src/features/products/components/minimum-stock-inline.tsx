import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { MinimumStockSchema, PRODUCT_MESSAGES } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { useUpdateProduct } from '../api/products-api';
import { normalizeNumberText } from '../product-form';
import { productFailureMessage } from '../product-messages';

/** Spec section 2: a location edits its minimum stock in place, even on a locked catalog product. */
export function MinimumStockInline({ productId, value, canEdit }: { productId: string; value: number; canEdit: boolean }) {
  const notify = useNotify();
  const update = useUpdateProduct();
  const [draft, setDraft] = useState<string | null>(null);
  const parsed = draft === null ? null : MinimumStockSchema.safeParse(draft.trim() === '' ? Number.NaN : Number(draft));
  const error = parsed && !parsed.success ? PRODUCT_MESSAGES.minimumStockInvalid : null;

  if (draft === null) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body1" sx={{ fontWeight: 600 }}>
          {value}
        </Typography>
        {canEdit ? (
          <IconButton size="small" aria-label="Edit minimum stock" onClick={() => { setDraft(String(value)); }}>
            <EditOutlined fontSize="small" />
          </IconButton>
        ) : null}
      </Box>
    );
  }

  const save = () => {
    if (!parsed?.success) return;
    update.mutate(
      { id: productId, body: { minimum_stock: parsed.data } },
      {
        onSuccess: () => {
          notify.success('Minimum stock updated');
          setDraft(null);
        },
        onError: (failure) => { notify.error(productFailureMessage('update', failure)); },
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}
    >
      <TextField
        size="small"
        label="Minimum Stock"
        autoFocus
        value={draft}
        inputMode="numeric"
        onChange={(event) => { setDraft(event.target.value); }}
        onBlur={() => { setDraft((d) => (d === null ? d : normalizeNumberText(d))); }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setDraft(null);
        }}
        error={Boolean(error)}
        helperText={error}
        sx={{ width: 160 }}
      />
      <Button type="submit" variant="contained" size="small" loading={update.isPending} disabled={Boolean(error)} sx={{ mt: 0.5 }}>
        Save
      </Button>
      <Button size="small" onClick={() => { setDraft(null); }} sx={{ mt: 0.5 }}>
        Cancel
      </Button>
    </Box>
  );
}
