import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { ALL_LOCATIONS_PAGE, companiesQueryOptions, locationOptionLabel } from '../../../lib/companies';
import { fullName } from '../../../lib/profile';
import { useReassignLocation } from '../api/users-api';

export function ReassignLocationDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const notify = useNotify();
  const reassign = useReassignLocation();
  const organizationId = user.company?.organization.id;
  const locations = useQuery(companiesQueryOptions({ ...ALL_LOCATIONS_PAGE, organization_id: organizationId }));
  const [companyId, setCompanyId] = useState(user.company?.id ?? '');
  const options = locations.data?.results ?? [];

  const submit = () => {
    reassign.mutate(
      { id: user.id, body: { companyId } },
      {
        onSuccess: () => {
          notify.success('Location reassigned');
          onClose();
        },
        onError: (error) => { notify.error(errorMessage(error, 'Failed to reassign location')); },
      },
    );
  };

  return (
    <Dialog open onClose={reassign.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="reassign-title">
      <DialogTitle id="reassign-title">Reassign location</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>Choose the location {fullName(user)} works at.</DialogContentText>
        {locations.isError ? (
          <Alert severity="error">{errorMessage(locations.error, 'Could not load locations.')}</Alert>
        ) : (
          <TextField
            select
            label="Location"
            value={options.some((option) => option.id === companyId) ? companyId : ''}
            onChange={(event) => { setCompanyId(event.target.value); }}
            disabled={locations.isPending}
            helperText={locations.isPending ? 'Loading locations…' : undefined}
          >
            {options.map((company) => (
              <MenuItem key={company.id} value={company.id}>
                {locationOptionLabel(company)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={reassign.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          loading={reassign.isPending}
          disabled={!companyId || companyId === user.company?.id}
        >
          Reassign
        </Button>
      </DialogActions>
    </Dialog>
  );
}
