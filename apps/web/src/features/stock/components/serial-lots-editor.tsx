import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { useFieldArray, type Control } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { blockNonNumericKeys } from '../../../lib/forms';
import { newSerialLot, type StockFormValues } from '../stock-form';

/** One row per container with its own serial number, expiry and quantity (spec section 5). */
export function SerialLotsEditor({ control, today, error }: { control: Control<StockFormValues>; today: string; error?: string | undefined }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'unique_lots' });
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 1 }}>
        Serial lots
      </Typography>
      <Stack spacing={2}>
        {fields.map((field, index) => (
          <Box key={field.id} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr auto', sm: '2fr 1.4fr 1fr auto' }, gap: 1, alignItems: 'start' }}>
            <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
              <FormTextField control={control} name={`unique_lots.${index}.lotNumber`} label={`Serial number ${String(index + 1)}`} required fullWidth size="small" />
            </Box>
            <FormTextField
              control={control}
              name={`unique_lots.${index}.expiryDate`}
              label="Expiry"
              type="date"
              size="small"
              fullWidth
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
            />
            <FormTextField
              control={control}
              name={`unique_lots.${index}.quantity`}
              label="Quantity"
              type="number"
              numeric
              size="small"
              fullWidth
              onKeyDown={blockNonNumericKeys}
              slotProps={{ htmlInput: { min: 1, inputMode: 'numeric' } }}
            />
            <IconButton aria-label={`Remove serial lot ${String(index + 1)}`} onClick={() => { remove(index); }} disabled={fields.length === 1}>
              <DeleteOutlined />
            </IconButton>
          </Box>
        ))}
        {error ? <FormHelperText error>{error}</FormHelperText> : null}
        <Box>
          <Button startIcon={<AddOutlined />} onClick={() => { append(newSerialLot(today)); }}>
            Add serial lot
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
