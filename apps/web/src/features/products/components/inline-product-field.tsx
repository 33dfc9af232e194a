import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { UpdateProductRequest } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { useUpdateProduct } from '../api/products-api';
import { normalizeNumberText } from '../product-form';
import { productFailureMessage } from '../product-messages';

/** What a typed text saves: the change to send (null: nothing changed), or why it cannot be saved. */
export type InlineChange = { body: UpdateProductRequest | null } | { error: string };

export interface InlineProductFieldProps {
  productId: string;
  /** The field's label, also the editor's ("Minimum Stock"). */
  label: string;
  /** What the page shows when not editing. */
  display: ReactNode;
  /** The text the editor starts with. */
  text: string;
  canEdit: boolean;
  /** A number field: its text shows the number it holds on blur (spec section 5). */
  number?: 'numeric' | 'decimal';
  toChange: (text: string) => InlineChange;
  savedMessage: string;
  width?: number;
}

/**
 * One product field edited in place on the product page (spec section 2's Minimum Stock,
 * Manufacture Code and Weight per volume): a pencil opens the editor; Save sends only that field;
 * Escape or Cancel closes it unchanged.
 */
export function InlineProductField({ productId, label, display, text, canEdit, number, toChange, savedMessage, width = 160 }: InlineProductFieldProps) {
  const notify = useNotify();
  const update = useUpdateProduct();
  const [draft, setDraft] = useState<string | null>(null);
  const change = draft === null ? null : toChange(draft);
  const error = change && 'error' in change ? change.error : null;

  if (draft === null) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <Typography variant="body1" component="span" sx={{ overflowWrap: 'anywhere' }}>
          {display}
        </Typography>
        {canEdit ? (
          <IconButton size="small" aria-label={`Edit ${label.toLowerCase()}`} onClick={() => { setDraft(text); }}>
            <EditOutlined fontSize="small" />
          </IconButton>
        ) : null}
      </Box>
    );
  }

  const save = () => {
    if (!change || 'error' in change) return;
    if (change.body === null) {
      setDraft(null);
      return;
    }
    update.mutate(
      { id: productId, body: change.body },
      {
        onSuccess: () => {
          notify.success(savedMessage);
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
        label={label}
        autoFocus
        value={draft}
        slotProps={{ htmlInput: { inputMode: number ?? 'text' } }}
        onChange={(event) => { setDraft(event.target.value); }}
        onBlur={() => {
          if (number) setDraft((d) => (d === null ? d : normalizeNumberText(d)));
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setDraft(null);
        }}
        error={Boolean(error)}
        helperText={error}
        sx={{ width }}
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
