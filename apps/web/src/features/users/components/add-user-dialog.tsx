import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { CreateUserRequestSchema, MESSAGES, ROLE_LABELS, type CreateUserRequest, type Role } from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { useNotify } from '../../../components/notifications/use-notify';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { ALL_LOCATIONS_PAGE, companiesQueryOptions, locationOptionLabel } from '../../../lib/companies';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { zodParseOptions } from '../../../lib/forms';
import { useCreateUser } from '../api/users-api';

const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'role', 'company_id'] as const;

type InvitableRole = CreateUserRequest['role'];

interface AddUserDialogProps {
  open: boolean;
  onClose: () => void;
  /** Roles the signed-in person may hand out (MANAGEABLE_ROLES). */
  roles: readonly Role[];
  /** Limits the location choice to one organization (the admin's view of a client). */
  organizationId?: string;
  defaultCompanyId?: string;
}

export function AddUserDialog({ open, onClose, roles, organizationId, defaultCompanyId }: AddUserDialogProps) {
  const notify = useNotify();
  const createUser = useCreateUser();
  const locations = useQuery({
    ...companiesQueryOptions({ ...ALL_LOCATIONS_PAGE, organization_id: organizationId }),
    enabled: open,
  });
  const invitable = roles.filter((role): role is InvitableRole => role !== 'admin');
  const { control, handleSubmit, reset, setError } = useForm({
    resolver: zodResolver(CreateUserRequestSchema, zodParseOptions),
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      role: invitable.includes('company_member') ? 'company_member' : (invitable[0] ?? 'company_member'),
      company_id: defaultCompanyId ?? '',
    },
  });

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = (values: CreateUserRequest) => {
    createUser.mutate(values, {
      onSuccess: (user) => {
        notify.success(`Invitation sent to ${user.email}`);
        close();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          notify.error(MESSAGES.userExists);
          return;
        }
        if (!applyServerFieldErrors(error, setError, FIELDS)) notify.error(errorMessage(error, 'Failed to create user'));
      },
    });
  };

  return (
    <ActionDialog
      form
      open={open}
      title="Add User"
      description="We will e-mail them an invitation with a link to choose their password."
      plainContent
      submitLabel="Add User"
      onSubmit={() => void handleSubmit(onSubmit)()}
      pending={createUser.isPending}
      cancelDisabledWhilePending
      onClose={close}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="first_name" label="First name" required autoFocus />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="last_name" label="Last name" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="email" label="Email" type="email" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="phone" label="Phone" type="tel" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="role" label="Role" select required>
            {invitable.map((role) => (
              <MenuItem key={role} value={role}>
                {ROLE_LABELS[role]}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="company_id"
            label="Location"
            select
            required
            disabled={locations.isPending}
            helperText={locations.isError ? errorMessage(locations.error, 'Could not load locations.') : undefined}
          >
            {(locations.data?.results ?? []).map((company) => (
              <MenuItem key={company.id} value={company.id}>
                {locationOptionLabel(company)}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
      </Grid>
    </ActionDialog>
  );
}
