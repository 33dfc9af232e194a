import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { CreateUserRequestSchema, ROLE_LABELS, type Profile } from '@clinic/domain';
import { FormTextField } from '../../../components/form-text-field';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { zodParseOptions } from '../../../lib/forms';
import { useProfile } from '../../../lib/profile';
import { useUpdateUser } from '../api/users-api';

/** The fields people may change on their own account (SELF_EDITABLE_USER_FIELDS), all required. */
const ProfileFormSchema = CreateUserRequestSchema.pick({ first_name: true, last_name: true, phone: true });
const FIELDS = ['first_name', 'last_name', 'phone'] as const;

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const notify = useNotify();
  const updateUser = useUpdateUser();
  const { control, handleSubmit, setError, reset, formState } = useForm({
    resolver: zodResolver(ProfileFormSchema, zodParseOptions),
    defaultValues: { first_name: profile.first_name, last_name: profile.last_name, phone: profile.phone },
  });

  const onSubmit = (values: { first_name: string; last_name: string; phone: string }) => {
    updateUser.mutate(
      { id: profile.id, body: values },
      {
        onSuccess: (user) => {
          reset({ first_name: user.first_name, last_name: user.last_name, phone: user.phone });
          notify.success('Profile updated');
        },
        onError: (error) => {
          if (!applyServerFieldErrors(error, setError, FIELDS)) notify.error(errorMessage(error, 'Failed to update profile'));
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} aria-labelledby="profile-form-title">
      <Typography variant="h2" id="profile-form-title" sx={{ mb: 2 }}>
        Personal details
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="first_name" label="First name" autoComplete="given-name" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="last_name" label="Last name" autoComplete="family-name" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="phone" label="Phone" type="tel" autoComplete="tel" required />
        </Grid>
        <Grid size={12}>
          <Button type="submit" variant="contained" loading={updateUser.isPending} disabled={!formState.isDirty}>
            Save changes
          </Button>
        </Grid>
      </Grid>
    </Box>
  );
}

/** /users/profile. `actions` come from other features (the guided tour's button), composed in app/routes. */
export function ProfilePage({ actions }: { actions?: ReactNode }) {
  const profile = useProfile();
  if (profile.isPending) return <PageLoader />;
  if (profile.isError) return <Alert severity="error">{errorMessage(profile.error, 'Could not load your profile.')}</Alert>;
  const { data } = profile;
  const company = data.company;

  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeader title="Profile" actions={actions} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper sx={{ p: { xs: 2, sm: 3 } }}>
            <ProfileForm profile={data} />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h2" sx={{ mb: 2 }}>
              Account
            </Typography>
            <Box component="dl" sx={{ display: 'grid', gap: 1.5, m: 0 }}>
              <Detail label="Email" value={data.email} />
              <Detail label="Role" value={ROLE_LABELS[data.role]} />
              {company ? (
                <>
                  <Detail label="Organization" value={company.organization.name} />
                  <Detail label="Location" value={`${company.name} — ${company.city}, ${company.state}`} />
                </>
              ) : null}
            </Box>
          </Paper>
        </Grid>
      </Grid>
    </Box>
  );
}
