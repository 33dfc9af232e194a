import Grid from '@mui/material/Grid';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Control, type Resolver } from 'react-hook-form';
import {
  CreateSupplierRequestSchema,
  SUPPLIER_MESSAGES,
  UpdateSupplierRequestSchema,
  type Supplier,
  type UpdateSupplierRequest,
} from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { useNotify } from '../../../components/notifications/use-notify';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { zodParseOptions } from '../../../lib/forms';
import { useCreateSupplier, useUpdateSupplier } from '../api/suppliers-api';
import { supplierFailureMessage } from '../supplier-messages';

const FIELDS = ['name', 'email', 'phone', 'tax_id', 'address', 'contact_email', 'contact_phone'] as const;
type SupplierField = (typeof FIELDS)[number];
/**
 * The form always holds every field as text. The schemas' own input types differ (address has a default,
 * the update schema makes everything optional), so their resolvers are typed for this shape below;
 * validation is unchanged: a blank required field still fails ('Name is required').
 */
type SupplierFormValues = Record<SupplierField, string>;

const EMPTY: SupplierFormValues = { name: '', email: '', phone: '', tax_id: '', address: '', contact_email: '', contact_phone: '' };

function valuesOf(supplier: Supplier): SupplierFormValues {
  return {
    name: supplier.name,
    email: supplier.email,
    phone: supplier.phone,
    tax_id: supplier.tax_id,
    address: supplier.address,
    contact_email: supplier.contact_email,
    contact_phone: supplier.contact_phone,
  };
}

interface SupplierFormFrameProps {
  open: boolean;
  title: string;
  submitLabel: string;
  pending: boolean;
  control: Control<SupplierFormValues>;
  onSubmit: () => void;
  onClose: () => void;
}

/** The supplier form itself, shared by Add and Edit. */
function SupplierFormFrame({ open, title, submitLabel, pending, control, onSubmit, onClose }: SupplierFormFrameProps) {
  return (
    <ActionDialog form open={open} title={title} plainContent submitLabel={submitLabel} onSubmit={onSubmit} pending={pending} cancelDisabledWhilePending onClose={onClose}>
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="name" label="Name" required autoFocus />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="email" label="Email" type="email" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="phone" label="Phone" type="tel" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="tax_id" label="Tax ID" required />
        </Grid>
        <Grid size={12}>
          <FormTextField control={control} name="address" label="Address" multiline minRows={2} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="contact_email" label="Contact email" type="email" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="contact_phone" label="Contact phone" type="tel" required />
        </Grid>
      </Grid>
    </ActionDialog>
  );
}

export function CreateSupplierDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useNotify();
  const createSupplier = useCreateSupplier();
  const { control, handleSubmit, reset, setError } = useForm<SupplierFormValues>({
    resolver: zodResolver(CreateSupplierRequestSchema, zodParseOptions) as Resolver<SupplierFormValues>,
    defaultValues: EMPTY,
  });

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const submit = handleSubmit((values) => {
    createSupplier.mutate(values, {
      onSuccess: () => {
        notify.success(SUPPLIER_MESSAGES.created);
        close();
      },
      onError: (error) => {
        if (applyServerFieldErrors(error, setError, FIELDS)) return;
        notify.error(supplierFailureMessage('create', error));
      },
    });
  });

  return (
    <SupplierFormFrame
      open={open}
      title="Add Supplier"
      submitLabel="Add Supplier"
      pending={createSupplier.isPending}
      control={control}
      onSubmit={() => void submit()}
      onClose={close}
    />
  );
}

/** Edits one supplier; mount it per supplier (key by id) so the form starts from that supplier's values. */
export function EditSupplierDialog({ supplier, onClose }: { supplier: Supplier; onClose: () => void }) {
  const notify = useNotify();
  const updateSupplier = useUpdateSupplier();
  const original = valuesOf(supplier);
  const { control, handleSubmit, setError } = useForm<SupplierFormValues>({
    resolver: zodResolver(UpdateSupplierRequestSchema, zodParseOptions) as Resolver<SupplierFormValues>,
    defaultValues: original,
  });

  const submit = handleSubmit((values) => {
    // PATCH is partial: send only what changed, so a colleague's edit of another field is not overwritten.
    const body: UpdateSupplierRequest = {};
    for (const field of FIELDS) {
      if (values[field] !== original[field]) body[field] = values[field];
    }
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    updateSupplier.mutate(
      { id: supplier.id, body },
      {
        onSuccess: () => {
          notify.success(SUPPLIER_MESSAGES.updated);
          onClose();
        },
        onError: (error) => {
          if (applyServerFieldErrors(error, setError, FIELDS)) return;
          notify.error(supplierFailureMessage('update', error));
        },
      },
    );
  });

  return (
    <SupplierFormFrame
      open
      title="Edit Supplier"
      submitLabel="Save"
      pending={updateSupplier.isPending}
      control={control}
      onSubmit={() => void submit()}
      onClose={onClose}
    />
  );
}
