import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { CreateLocationRequestSchema, MESSAGES, type CreateLocationRequest, type Organization } from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { useNotify } from '../../../components/notifications/use-notify';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { zodParseOptions } from '../../../lib/forms';
import { useAddLocation } from '../api/organizations-api';

const FIELDS = ['name', 'city', 'state'] as const;

export function AddLocationDialog({ organization, onClose }: { organization: Organization; onClose: () => void }) {
  const notify = useNotify();
  const addLocation = useAddLocation();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(CreateLocationRequestSchema, zodParseOptions),
    defaultValues: { name: '', city: '', state: '' },
  });

  const onSubmit = (values: CreateLocationRequest) => {
    addLocation.mutate(
      { id: organization.id, body: values },
      {
        onSuccess: () => {
          notify.success(MESSAGES.locationAdded);
          onClose();
        },
        onError: (error) => {
          applyServerFieldErrors(error, setError, FIELDS);
          notify.error(MESSAGES.locationAddError);
        },
      },
    );
  };

  return (
    <ActionDialog
      form
      title="Add Location"
      description={`New location for ${organization.name}.`}
      submitLabel="Add Location"
      onSubmit={() => void handleSubmit(onSubmit)()}
      pending={addLocation.isPending}
      cancelDisabledWhilePending
      onClose={onClose}
      maxWidth="xs"
    >
      <FormTextField control={control} name="name" label="Location name" required autoFocus />
      <FormTextField control={control} name="city" label="City" required />
      <FormTextField control={control} name="state" label="State" required />
    </ActionDialog>
  );
}
