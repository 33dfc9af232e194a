import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import QrCodeScannerOutlined from '@mui/icons-material/QrCodeScannerOutlined';
import { useState } from 'react';
import { BarcodeScannerDialog } from '../../../components/barcode/barcode-scanner-dialog';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { STOCK_MESSAGES, STOCK_NOTE_MAX, unitPriceOf, type CreateStockRequest, type EarlierReceipt, type Product, type Stock } from '@clinic/domain';
import { FormTextField } from '../../../components/form-text-field';
import { useNotify } from '../../../components/notifications/use-notify';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { blockNonNumericKeys } from '../../../lib/forms';
import { errorMessage } from '../../../lib/api-client';
import { formatDollars, todayIso } from '../../../lib/format';
import { useCreateStock, useUpdateStock } from '../api/stock-api';
import {
  emptyStockForm,
  fillFromScan,
  serialLotsFor,
  stockFormFrom,
  toCreateRequest,
  toUpdateRequest,
  unitsRemainingOf,
  validateStockForm,
  type StockFormContext,
  type StockFormValues,
} from '../stock-form';
import { SerialLotsEditor } from './serial-lots-editor';
import { SupplierPicker } from '../../../components/supplier-picker';
import { PlaceSelect } from '../../../components/place-select';
import { DuplicateReceiptDialog } from '../../../components/duplicate-receipt-dialog';
import { duplicateReceiptsOf } from '../../../lib/duplicate-receipt';

const SERVER_FIELDS = ['supplier', 'container_quantity', 'units_per_container', 'price_per_container', 'expiry_date', 'lotNumber', 'note', 'units_consumed', 'units_remaining', 'has_unique_lot', 'unique_lots'];

function resolverFor(ctx: StockFormContext): Resolver<StockFormValues> {
  return (values) => {
    const errors = validateStockForm(values, ctx);
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    const fieldErrors: Record<string, unknown> = {};
    for (const [field, message] of Object.entries(errors)) {
      // unique_lots.0.lotNumber -> nested, as react-hook-form reads field arrays.
      const path = field.split('.');
      let node = fieldErrors;
      path.forEach((part, i) => {
        if (i === path.length - 1) node[part] = { type: 'validate', message };
        else node = (node[part] ??= {}) as Record<string, unknown>;
      });
    }
    return { values: {}, errors: fieldErrors as FieldErrors<StockFormValues> };
  };
}

export interface StockFormDialogProps {
  product: Pick<Product, 'id' | 'name' | 'type' | 'barcode' | 'manufacturer_code'>;
  /** The stock to edit; none to add one. */
  stock?: Stock;
  onClose: () => void;
}

/**
 * Add Stock / Edit Stock with the rules of spec section 5, checked on every change by the same
 * rules the server runs. Consumables are entered as a units count and unit price.
 */
export function StockFormDialog({ product, stock, onClose }: StockFormDialogProps) {
  const notify = useNotify();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const today = todayIso();
  const ctx: StockFormContext = { productId: product.id, productType: product.type, today, stock };
  const createStock = useCreateStock();
  const updateStock = useUpdateStock();
  const pending = createStock.isPending || updateStock.isPending;
  const { control, handleSubmit, setError, setValue, getValues, formState } = useForm<StockFormValues>({
    resolver: resolverFor(ctx),
    mode: 'onChange',
    defaultValues: stock ? stockFormFrom(stock) : emptyStockForm(ctx),
  });
  const values = useWatch({ control }) as StockFormValues;
  const [scanning, setScanning] = useState(false);
  // Shown inside the dialog: a toast behind a modal dialog is hidden from screen readers.
  const [scanNotice, setScanNotice] = useState<{ ok: boolean; message: string } | null>(null);
  // A delivery the server says was received before: the request waits here until "Add again".
  const [duplicate, setDuplicate] = useState<{ request: CreateStockRequest; receipts: EarlierReceipt[] } | null>(null);

  const applyScan = (code: string) => {
    setScanning(false);
    const result = fillFromScan(getValues(), { lotNumber: Boolean(formState.dirtyFields.lotNumber), expiry_date: Boolean(formState.dirtyFields.expiry_date) }, code, product, today);
    if (result.changes.lotNumber !== undefined) setValue('lotNumber', result.changes.lotNumber, { shouldValidate: true });
    if (result.changes.expiry_date !== undefined) setValue('expiry_date', result.changes.expiry_date, { shouldValidate: true });
    if (result.changes.unique_lots !== undefined) setValue('unique_lots', result.changes.unique_lots, { shouldValidate: true });
    setScanNotice({ ok: result.ok, message: result.message });
  };
  const consumable = product.type === 'consumable';
  const serial = values.has_unique_lot;
  const remaining = unitsRemainingOf(values, stock);
  // Rules that span fields are shown from the whole form on every change: react-hook-form only
  // refreshes the error of the field being typed in.
  const live = validateStockForm(values, ctx);
  const remainingProblem = live.units_remaining;
  const unitPrice = values.price_per_container !== undefined && values.units_per_container ? unitPriceOf(values.price_per_container, serial ? 1 : values.units_per_container) : null;

  const failed = (error: unknown) => {
    if (applyServerFieldErrors(error, setError, SERVER_FIELDS)) return;
    notify.error(errorMessage(error, stock ? STOCK_MESSAGES.updateFailed : STOCK_MESSAGES.createFailed));
  };

  const submit = handleSubmit((form) => {
    if (stock) {
      const changes = toUpdateRequest(form, stock);
      if (Object.keys(changes).length === 0) {
        onClose();
        return;
      }
      updateStock.mutate(
        { id: stock.id, body: changes },
        {
          onSuccess: () => {
            notify.success(STOCK_MESSAGES.updated);
            onClose();
          },
          onError: failed,
        },
      );
      return;
    }
    create(toCreateRequest(form, ctx) as CreateStockRequest);
  });

  const create = (request: CreateStockRequest) => {
    createStock.mutate(request, {
      onSuccess: () => {
        notify.success(STOCK_MESSAGES.added);
        setDuplicate(null);
        onClose();
      },
      onError: (error) => {
        const receipts = duplicateReceiptsOf(error);
        if (receipts) setDuplicate({ request, receipts });
        else {
          setDuplicate(null);
          failed(error);
        }
      },
    });
  };

  const numberProps = { type: 'number', fullWidth: true, numeric: true, onKeyDown: blockNonNumericKeys, slotProps: { htmlInput: { min: 0, inputMode: 'numeric' as const } } };
  const title = stock ? 'Edit Stock' : 'Add Stock';

  return (
    <Dialog open onClose={pending ? undefined : onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="stock-form-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="stock-form-title" sx={{ display: 'flex', alignItems: 'flex-start', gap: 2 }}>
          <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
            {title}
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {product.name}
            </Typography>
          </Box>
          {stock ? null : (
            <Button variant="outlined" size="small" startIcon={<QrCodeScannerOutlined />} onClick={() => { setScanning(true); }}>
              Scan
            </Button>
          )}
        </DialogTitle>
        <DialogContent>
          {scanNotice ? (
            <Alert severity={scanNotice.ok ? 'success' : 'warning'} onClose={() => { setScanNotice(null); }} sx={{ mb: 1 }}>
              {scanNotice.message}
            </Alert>
          ) : null}
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={control}
                name="supplier"
                render={({ field, fieldState }) => (
                  <SupplierPicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} error={fieldState.error?.message} />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="lotNumber" label="Lot number" fullWidth disabled={serial} helperText={serial ? 'Each serial lot has its own number below' : undefined} />
            </Grid>
            {serial ? null : (
              <Grid size={{ xs: 12, sm: consumable ? 6 : 4 }}>
                <FormTextField control={control} name="container_quantity" label={consumable ? 'Units' : 'Number of containers'} required {...numberProps} />
              </Grid>
            )}
            {consumable || serial ? null : (
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormTextField control={control} name="units_per_container" label="Units per container" required {...numberProps} />
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: consumable || serial ? 6 : 4 }}>
              <FormTextField
                control={control}
                name="price_per_container"
                label={consumable || serial ? 'Unit price ($)' : 'Price per container ($)'}
                required
                {...numberProps}
                slotProps={{ htmlInput: { min: 0, step: '0.01', inputMode: 'decimal' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="expiry_date"
                label="Expiry date"
                type="date"
                required={!serial}
                disabled={serial}
                fullWidth
                helperText={serial ? 'Each serial lot has its own expiry below' : undefined}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: stock?.expiry_date && stock.expiry_date < today ? stock.expiry_date : today } }}
              />
            </Grid>
            {stock ? null : (
              // Issue 34: where the new lot goes; moving it later is the lot's "Move to another place".
              <Grid size={{ xs: 12, sm: 6 }}>
                <Controller control={control} name="place_id" render={({ field }) => <PlaceSelect value={field.value} onChange={field.onChange} />} />
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Controller
                control={control}
                name="isConsignment"
                render={({ field }) => <FormControlLabel control={<Switch checked={field.value} onChange={(e) => { field.onChange(e.target.checked); }} />} label="Consignment" />}
              />
              {!stock && product.type === 'disposable' ? (
                <Controller
                  control={control}
                  name="has_unique_lot"
                  render={({ field }) => (
                    <FormControlLabel
                      control={
                        <Switch
                          checked={field.value}
                          onChange={(e) => {
                            const on = e.target.checked;
                            field.onChange(on);
                            // Serial lots: one row per container, one unit each, no shared expiry.
                            setValue('unique_lots', on ? serialLotsFor(getValues(), today) : [], { shouldValidate: true });
                            setValue('expiry_date', on ? '' : emptyStockForm(ctx).expiry_date, { shouldValidate: true });
                            setValue('units_per_container', 1, { shouldValidate: true });
                          }}
                        />
                      }
                      label="Unique serial lots"
                    />
                  )}
                />
              ) : null}
            </Grid>
            {serial ? (
              <Grid size={12}>
                <SerialLotsEditor control={control} today={today} error={(formState.errors.unique_lots as { message?: string } | undefined)?.message} />
              </Grid>
            ) : null}
            {serial ? null : stock ? (
              <>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormTextField
                    control={control}
                    name="units_consumed"
                    label="Units consumed"
                    {...numberProps}
                    disabled={values.units_remaining !== undefined}
                    helperText={`Now ${String(stock.units_consumed)} consumed by hand, ${String(stock.units_used)} used in treatments`}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormTextField
                    control={control}
                    name="units_remaining"
                    label="Units remaining (count on the shelf)"
                    {...numberProps}
                    disabled={values.units_consumed !== undefined}
                    helperText={`Now ${String(stock.units_left)} on the books`}
                  />
                </Grid>
              </>
            ) : (
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField control={control} name="units_consumed" label="Units already consumed" {...numberProps} helperText="Leave empty for a new, unopened delivery" />
              </Grid>
            )}
            <Grid size={12}>
              <FormTextField
                control={control}
                name="note"
                label="Note"
                fullWidth
                multiline
                minRows={2}
                helperText={`${String(values.note.length)}/${String(STOCK_NOTE_MAX)}`}
                slotProps={{ htmlInput: { maxLength: STOCK_NOTE_MAX } }}
              />
            </Grid>
          </Grid>
          <Box sx={{ mt: 2, display: 'flex', gap: 3, flexWrap: 'wrap' }} aria-live="polite">
            <Typography variant="body2">
              Unit price: <strong>{unitPrice === null ? '—' : formatDollars(unitPrice, 5)}</strong>
            </Typography>
            <Typography variant="body2">
              Units remaining: <strong>{remaining === null ? '—' : remaining}</strong>
            </Typography>
          </Box>
          {/* When the count box itself is wrong, its own message says so. */}
          {remainingProblem && !(stock && values.units_remaining !== undefined) ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {remainingProblem}
            </Alert>
          ) : null}
          {live.has_unique_lot ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {live.has_unique_lot}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={pending} disabled={Boolean(remainingProblem) || (formState.isSubmitted && !formState.isValid)}>
            Save
          </Button>
        </DialogActions>
      </form>
      {scanning ? <BarcodeScannerDialog title="Scan the lot's barcode" onDetected={applyScan} onClose={() => { setScanning(false); }} /> : null}
      <DuplicateReceiptDialog
        receipts={duplicate?.receipts ?? null}
        loading={createStock.isPending}
        onAddAgain={() => { if (duplicate) create({ ...duplicate.request, confirm_duplicate: true }); }}
        onClose={() => { setDuplicate(null); }}
      />
    </Dialog>
  );
}
