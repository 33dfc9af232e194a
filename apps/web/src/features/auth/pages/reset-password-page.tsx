import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AUTH_MESSAGES, PasswordSchema, ResetPasswordRequestSchema } from '@clinic/domain';
import { AppLink } from '../../../components/link';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { zodParseOptions } from '../../../lib/forms';
import { useResetPassword } from '../api/auth-api';
import { AuthShell } from '../components/auth-shell';
import { PasswordField } from '../components/password-field';

const ResetFormSchema = ResetPasswordRequestSchema.pick({ password: true })
  .extend({ confirm_password: PasswordSchema })
  .refine((values) => values.password === values.confirm_password, {
    message: 'Passwords do not match',
    path: ['confirm_password'],
  });

/** Reached from the reset e-mail and from invitations: both carry a one-time token. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const tokenValid = ResetPasswordRequestSchema.shape.token.safeParse(token).success;
  const notify = useNotify();
  const reset = useResetPassword();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(ResetFormSchema, zodParseOptions),
    defaultValues: { password: '', confirm_password: '' },
  });

  const onSubmit = ({ password }: { password: string }) => {
    reset.mutate(
      { token, password },
      {
        onError: (error) => {
          if (!applyServerFieldErrors(error, setError, ['password'])) {
            notify.error(errorMessage(error, 'Could not change the password. Please try again.'));
          }
        },
      },
    );
  };

  if (!tokenValid) {
    return (
      <AuthShell title="Choose a password">
        <Stack spacing={2}>
          <Alert severity="error">{AUTH_MESSAGES.resetLinkInvalid}</Alert>
          <Typography variant="body2">
            <AppLink to="/recover-account">Ask for a new link</AppLink> or <AppLink to="/">sign in</AppLink>.
          </Typography>
        </Stack>
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Choose a password" subtitle="Set the password you will use to sign in.">
      {reset.isSuccess ? (
        <Stack spacing={2}>
          <Alert severity="success">{reset.data.message}</Alert>
          <Button component={RouterLink} to="/" variant="contained" size="large">
            Sign in
          </Button>
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <Stack spacing={2.5}>
            <PasswordField
              control={control}
              name="password"
              label="New password"
              autoComplete="new-password"
              helperText="At least 8 characters"
            />
            <PasswordField control={control} name="confirm_password" label="Confirm password" autoComplete="new-password" />
            <Button type="submit" variant="contained" size="large" loading={reset.isPending}>
              Save password
            </Button>
            <Typography variant="body2" sx={{ textAlign: 'center' }}>
              <AppLink to="/">Back to sign in</AppLink>
            </Typography>
          </Stack>
        </Box>
      )}
    </AuthShell>
  );
}
