import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type Control, type FieldErrors, type Resolver } from 'react-hook-form';
import { CONTAINERS, DEFAULT_CATEGORY_NAME, PRODUCT_MESSAGES, PRODUCT_TYPES, type Product } from '@clinic/domain';
import { FormTextField } from '../../../components/form-text-field';
import { ImageUploadField } from '../../../components/upload/image-upload-field';
import { useNotify } from '../../../components/notifications/use-notify';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { categoryOptionsQueryOptions, useApproveProduct, useCreateProduct, useUpdateProduct } from '../api/products-api';
import { productFailureMessage } from '../product-messages';
import {
  basicUnitAfterContainerChange,
  basicUnitOptions,
  EMPTY_PRODUCT_FORM,
  normalizeNumberText,
  productFormFrom,
  toCreateRequest,
  toUpdateRequest,
  validateProductForm,
  type FormMode,
  type ProductFormField,
  type ProductFormValues,
} from '../product-form';

const FIELDS: readonly ProductFormField[] = Object.keys(EMPTY_PRODUCT_FORM) as ProductFormField[];

function resolverFor(mode: FormMode): Resolver<ProductFormValues> {
  return (values) => {
    const errors = validateProductForm(values, mode);
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    const fieldErrors: FieldErrors<ProductFormValues> = {};
    for (const [field, message] of Object.entries(errors)) fieldErrors[field as ProductFormField] = { type: 'validate', message };
    return { values: {}, errors: fieldErrors };
  };
}

function SelectField({ control, name, label, options, disabled, required, onPicked }: {
  control: Control<ProductFormValues>;
  name: 'type' | 'container' | 'basic_unit' | 'category_id';
  label: string;
  options: readonly { value: string; label: string }[];
  disabled: boolean;
  required?: boolean;
  onPicked?: (value: string) => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          label={label}
          required={required}
          disabled={disabled}
          name={field.name}
          value={field.value ?? ''}
          onChange={(event) => {
            field.onChange(event.target.value);
            onPicked?.(event.target.value);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));

export interface ProductFormDialogProps {
  /** The product to edit; none to add one. */
  product?: Product;
  isAdmin: boolean;
  /** A new product's form starts with these (a product proposed from a supplier's price list item). */
  initialValues?: Partial<ProductFormValues> | undefined;
  /** Said above the fields: why this form opened and what happens next. */
  notice?: string | undefined;
  onClose: () => void;
  onCreated?: (product: Product) => void;
}

/**
 * Add Product / Edit Product with the rules of spec section 5. A location sees its fields locked
 * on an approved product (only its minimum stock stays editable); the admin's view hides weight
 * and minimum stock, and offers 'Save and approve' on a pending product.
 */
export function ProductFormDialog({ product, isAdmin, initialValues, notice, onClose, onCreated }: ProductFormDialogProps) {
  const notify = useNotify();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const mode: FormMode = { isAdmin };
  const original = product ? productFormFrom(product) : { ...EMPTY_PRODUCT_FORM, ...initialValues };
  const locked = product !== undefined && !product.is_editable;
  const [uploading, setUploading] = useState({ product: false, box: false });
  const anyUploading = uploading.product || uploading.box;
  const categories = useQuery(categoryOptionsQueryOptions());
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const approveProduct = useApproveProduct();
  const { control, handleSubmit, setError, setValue, getValues } = useForm<ProductFormValues>({ resolver: resolverFor(mode), defaultValues: original });
  const container = useWatch({ control, name: 'container' });
  const pending = createProduct.isPending || updateProduct.isPending || approveProduct.isPending;

  const failed = (operation: 'create' | 'update', error: unknown) => {
    if (applyServerFieldErrors(error, setError, FIELDS)) return;
    notify.error(productFailureMessage(operation, error));
  };

  const save = (approveAfter: boolean) =>
    handleSubmit((values) => {
      if (!product) {
        createProduct.mutate(toCreateRequest(values, mode), {
          onSuccess: (created) => {
            notify.success(PRODUCT_MESSAGES.created);
            onCreated?.(created);
            onClose();
          },
          onError: (error) => { failed('create', error); },
        });
        return;
      }
      const changes = toUpdateRequest(values, original, mode);
      const approve = () =>
        approveProduct.mutate(product.id, {
          onSuccess: () => {
            notify.success(PRODUCT_MESSAGES.approved);
            onClose();
          },
          onError: (error) => { notify.error(productFailureMessage('approve', error)); },
        });
      if (Object.keys(changes).length === 0) {
        if (approveAfter) approve();
        else onClose();
        return;
      }
      updateProduct.mutate(
        { id: product.id, body: changes },
        {
          onSuccess: () => {
            // 'Save and approve' saves, then approves (spec section 4).
            if (approveAfter) {
              approve();
              return;
            }
            notify.success(PRODUCT_MESSAGES.updated);
            onClose();
          },
          onError: (error) => { failed('update', error); },
        },
      );
    });

  const numberBlur = (name: 'weight_or_volume' | 'minimum_stock') => () => { setValue(name, normalizeNumberText(getValues(name))); };
  const categoryOptions = [{ value: '', label: DEFAULT_CATEGORY_NAME }, ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))];
  // Keep the product's own category listed even when it is not among the first page of options.
  if (product?.category && !categoryOptions.some((o) => o.value === product.category?.id)) categoryOptions.push({ value: product.category.id, label: product.category.name });

  return (
    <Dialog open onClose={pending ? undefined : onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="product-form-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save(false)();
        }}
      >
        <DialogTitle id="product-form-title">{product ? 'Edit Product' : 'Add Product'}</DialogTitle>
        <DialogContent>
          {notice ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {notice}
            </Alert>
          ) : null}
          {locked ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              This product is approved for every location, so only the product admin can change its details. You can still set your minimum stock.
            </Alert>
          ) : null}
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="name" label="Name" required autoFocus={!locked} disabled={locked} fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="brand" label="Brand" disabled={locked} fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="barcode" label="Barcode" disabled={locked} fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="manufacturer_code" label="Manufacture Code" disabled={locked} fullWidth />
            </Grid>
            <Grid size={12}>
              <Controller
                control={control}
                name="implantable"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={field.value} onChange={(e) => { field.onChange(e.target.checked); }} disabled={locked} />}
                    label="Implantable"
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="manufacturer_name" label="Manufacturer name" disabled={locked} fullWidth helperText="Printed on the implant card; the brand when empty" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="manufacturer_address" label="Manufacturer address" disabled={locked} fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <SelectField control={control} name="type" label="Type" required options={asOptions(PRODUCT_TYPES)} disabled={locked} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <SelectField
                control={control}
                name="container"
                label="Container"
                required
                options={asOptions(CONTAINERS)}
                disabled={locked}
                onPicked={(value) => {
                  const next = basicUnitAfterContainerChange(value as ProductFormValues['container'], getValues('basic_unit'));
                  if (next !== getValues('basic_unit')) setValue('basic_unit', next, { shouldValidate: true });
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <SelectField control={control} name="basic_unit" label="Basic Unit" required options={asOptions(basicUnitOptions(container))} disabled={locked} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <SelectField control={control} name="category_id" label="Category" options={categoryOptions} disabled={locked} />
            </Grid>
            {isAdmin ? null : (
              <>
                <Grid size={{ xs: 6, sm: 3 }}>
                  <FormTextField control={control} name="weight_or_volume" label="Weight per volume" inputMode="decimal" disabled={locked} onBlur={numberBlur('weight_or_volume')} fullWidth />
                </Grid>
                <Grid size={{ xs: 6, sm: 3 }}>
                  <FormTextField control={control} name="minimum_stock" label="Minimum Stock" inputMode="numeric" onBlur={numberBlur('minimum_stock')} fullWidth />
                </Grid>
              </>
            )}
            <Grid size={12}>
              <FormTextField control={control} name="description" label="Description" multiline minRows={2} disabled={locked} fullWidth />
            </Grid>
            {locked ? null : (
              <>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <ImageUploadField
                    label="Product image"
                    type="product_image"
                    currentUrl={product?.product_image_url ?? null}
                    onChange={(url) => { setValue('product_image_url', url); }}
                    onBusyChange={(b) => { setUploading((u) => ({ ...u, product: b })); }}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <ImageUploadField
                    label="Box image"
                    type="product_box_image"
                    currentUrl={product?.box_image_url ?? null}
                    onChange={(url) => { setValue('box_image_url', url); }}
                    onBusyChange={(b) => { setUploading((u) => ({ ...u, box: b })); }}
                  />
                </Grid>
              </>
            )}
          </Grid>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          {isAdmin && product && !product.is_approved ? (
            <Button variant="outlined" color="success" disabled={anyUploading} loading={approveProduct.isPending} onClick={() => void save(true)()}>
              Save and approve
            </Button>
          ) : null}
          <Button type="submit" variant="contained" disabled={anyUploading} loading={createProduct.isPending || updateProduct.isPending}>
            {product ? 'Save' : 'Add Product'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
