import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { CreateLocationRequestSchema, MESSAGES, type CreateLocationRequest, type Organization } from '@clinic/domain';
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
    <Dialog open onClose={addLocation.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="add-location-title">
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <DialogTitle id="add-location-title">Add Location</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>New location for {organization.name}.</DialogContentText>
          <Stack spacing={2}>
            <FormTextField control={control} name="name" label="Location name" required autoFocus />
            <FormTextField control={control} name="city" label="City" required />
            <FormTextField control={control} name="state" label="State" required />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={addLocation.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={addLocation.isPending}>
            Add Location
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
