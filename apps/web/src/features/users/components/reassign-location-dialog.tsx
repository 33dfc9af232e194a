import { useState } from 'react';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
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
    <ActionDialog
      title="Reassign location"
      description={`Choose the location ${fullName(user)} works at.`}
      plainContent
      submitLabel="Reassign"
      onSubmit={submit}
      ready={Boolean(companyId) && companyId !== user.company?.id}
      pending={reassign.isPending}
      cancelDisabledWhilePending
      onClose={onClose}
      maxWidth="xs"
    >
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
    </ActionDialog>
  );
}
