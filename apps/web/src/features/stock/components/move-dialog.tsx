import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { moveIssue, MoveStockRequestSchema, PLACE_MESSAGES, type Stock } from '@clinic/domain';
import { PlaceSelect } from '../../../components/place-select';
import { useNotify } from '../../../components/notifications/use-notify';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { blockNonNumericKeys } from '../../../lib/forms';
import { unitCount } from '../../../lib/format';
import { useMoveStock } from '../api/stock-api';
import { fieldIssue } from './write-off-lot';

export interface MoveDialogProps {
  product: { name: string };
  lot: Pick<Stock, 'id' | 'lotNumber' | 'units_left' | 'place'>;
  onClose: () => void;
}

/**
 * Move units of a lot to another storage place (issue 34). Nothing is used and no value changes:
 * all of the lot changes place, or a part becomes a lot of its own there. The idempotency key is
 * made when the dialog opens, so a double tap or a retry moves the units once.
 */
export function MoveDialog({ product, lot, onClose }: MoveDialogProps) {
  const notify = useNotify();
  const move = useMoveStock();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [units, setUnits] = useState(String(lot.units_left));
  const [placeId, setPlaceId] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<{ field: string; message: string } | null>(null);
  const parsed = MoveStockRequestSchema.safeParse({ units: units === '' ? undefined : Number(units), place_id: placeId || undefined, idempotency_key: idempotencyKey });
  // units_left is rounded down: all of a lot with part of a unit left is refused here only when it is surely too many.
  const typed = units === '' ? NaN : Number(units);
  const rule = !(typed > 0) ? null : typed >= lot.units_left + 1 ? PLACE_MESSAGES.moreThanLeft(lot.units_left) : typed !== lot.units_left ? moveIssue(typed, Number.MAX_SAFE_INTEGER) : null;
  const unitsError = rule ?? (serverError?.field === 'units' ? serverError.message : touched ? fieldIssue(parsed, 'units') : undefined);
  const placeError = serverError?.field === 'place_id' ? serverError.message : touched && !placeId ? 'Choose the place the units go to' : undefined;

  const submit = () => {
    setTouched(true);
    if (!parsed.success || rule) return;
    move.mutate(
      { id: lot.id, body: parsed.data },
      {
        onSuccess: () => {
          notify.success(PLACE_MESSAGES.moved);
          onClose();
        },
        onError: (error) => {
          const field = error instanceof ApiError ? error.errors.find((e) => e.field === 'units' || e.field === 'place_id') : undefined;
          if (field) setServerError(field);
          notify.error(errorMessage(error, PLACE_MESSAGES.moveFailed));
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="move-dialog-title">
      <DialogTitle id="move-dialog-title">Move to another place</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {`${product.name}, lot ${lot.lotNumber || '(no lot number)'}: ${unitCount(lot.units_left)} in ${lot.place.name}.`}
        </DialogContentText>
        <Stack spacing={2}>
          <TextField
            label="Units"
            type="number"
            required
            value={units}
            onChange={(e) => {
              setUnits(e.target.value);
              setServerError(null);
            }}
            onKeyDown={blockNonNumericKeys}
            error={Boolean(unitsError)}
            helperText={unitsError ?? 'Whole units, or all that is left'}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
          />
          <PlaceSelect
            label="Move to"
            value={placeId}
            exclude={lot.place.id}
            onChange={(id) => {
              setPlaceId(id);
              setServerError(null);
            }}
            error={placeError}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} loading={move.isPending}>
          Move
        </Button>
      </DialogActions>
    </Dialog>
  );
}
