import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { SignupRequestSchema, type SignupRequest } from '@clinic/domain';
import { FormTextField } from '../../../components/form-text-field';
import { AppLink } from '../../../components/link';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { zodParseOptions } from '../../../lib/forms';
import { useSignup } from '../api/auth-api';
import { AuthShell } from '../components/auth-shell';
import { PasswordField } from '../components/password-field';

const FIELDS = [
  'organization_name',
  'number_of_locations',
  'first_name',
  'last_name',
  'email',
  'phone',
  'password',
  'location.name',
  'location.city',
  'location.state',
] as const;

function SectionTitle({ children }: { children: string }) {
  return (
    <Grid size={12}>
      <Typography variant="h3" component="h2" sx={{ mt: 1 }}>
        {children}
      </Typography>
    </Grid>
  );
}

export function RegisterPage() {
  const notify = useNotify();
  const signup = useSignup();
  const { control, handleSubmit, setError, getValues } = useForm({
    resolver: zodResolver(SignupRequestSchema, zodParseOptions),
    defaultValues: {
      organization_name: '',
      number_of_locations: 1,
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      password: '',
      location: { name: '', city: '', state: '' },
    },
  });

  const onSubmit = (values: SignupRequest) => {
    signup.mutate(values, {
      onError: (error) => {
        if (!applyServerFieldErrors(error, setError, FIELDS)) {
          notify.error(errorMessage(error, 'Registration failed. Please try again.'));
        }
      },
    });
  };

  return (
    <AuthShell
      title="Register your clinic"
      subtitle="Your organization is reviewed by our team before you can start."
      width={640}
    >
      {signup.isSuccess ? (
        // The answer is the same whether or not the e-mail already had an account; the e-mail
        // says which. A new organization's admin signs in and meets the approval dialog.
        <Stack spacing={2}>
          <Alert severity="success">{signup.data.message}</Alert>
          <Button component={RouterLink} to="/" state={{ email: getValues('email') }} variant="contained" size="large">
            Sign in
          </Button>
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <Grid container spacing={2}>
            <SectionTitle>Organization</SectionTitle>
            <Grid size={{ xs: 12, sm: 8 }}>
              <FormTextField control={control} name="organization_name" label="Organization name" autoComplete="organization" required />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="number_of_locations"
                label="Number of locations"
                type="number"
                numeric
                required
                slotProps={{ htmlInput: { min: 1, max: 500, inputMode: 'numeric' } }}
              />
            </Grid>

            <SectionTitle>First location</SectionTitle>
            <Grid size={12}>
              <FormTextField control={control} name="location.name" label="Location name" required />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="location.city" label="City" autoComplete="address-level2" required />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="location.state" label="State" autoComplete="address-level1" required />
            </Grid>

            <SectionTitle>Your account</SectionTitle>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="first_name" label="First name" autoComplete="given-name" required />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="last_name" label="Last name" autoComplete="family-name" required />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" required />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="phone" label="Phone" type="tel" autoComplete="tel" required />
            </Grid>
            <Grid size={12}>
              <PasswordField
                control={control}
                name="password"
                label="Password"
                autoComplete="new-password"
                helperText="At least 8 characters"
              />
            </Grid>
            <Grid size={12}>
              <Typography variant="body2" color="text.secondary">
                By registering you accept the <AppLink to="/terms">Terms &amp; Privacy</AppLink>.
              </Typography>
            </Grid>
            <Grid size={12}>
              <Button type="submit" variant="contained" size="large" fullWidth loading={signup.isPending}>
                Register
              </Button>
            </Grid>
            <Grid size={12}>
              <Typography variant="body2" sx={{ textAlign: 'center' }}>
                Already registered? <AppLink to="/">Sign in</AppLink>
              </Typography>
            </Grid>
          </Grid>
        </Box>
      )}
    </AuthShell>
  );
}
