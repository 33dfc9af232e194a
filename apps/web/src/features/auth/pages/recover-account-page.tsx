import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { RecoverPasswordRequestSchema, type RecoverPasswordRequest } from '@clinic/domain';
import { FormTextField } from '../../../components/form-text-field';
import { AppLink } from '../../../components/link';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { zodParseOptions } from '../../../lib/forms';
import { useRecoverPassword } from '../api/auth-api';
import { AuthShell } from '../components/auth-shell';

export function RecoverAccountPage() {
  const notify = useNotify();
  const recover = useRecoverPassword();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(RecoverPasswordRequestSchema, zodParseOptions),
    defaultValues: { email: '' },
  });

  const onSubmit = (values: RecoverPasswordRequest) => {
    recover.mutate(values, {
      onError: (error) => { notify.error(errorMessage(error, 'Could not send the reset e-mail. Please try again.')); },
    });
  };

  return (
    <AuthShell title="Recover your account" subtitle="We will e-mail you a link to choose a new password.">
      {recover.isSuccess ? (
        <Stack spacing={2}>
          <Alert severity="success">{recover.data.message}</Alert>
          <Typography variant="body2">
            <AppLink to="/">Back to sign in</AppLink>
          </Typography>
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <Stack spacing={2.5}>
            <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" autoFocus required />
            <Button type="submit" variant="contained" size="large" loading={recover.isPending}>
              Send reset link
            </Button>
            <Typography variant="body2" sx={{ textAlign: 'center' }}>
              Remembered it? <AppLink to="/">Sign in</AppLink>
            </Typography>
          </Stack>
        </Box>
      )}
    </AuthShell>
  );
}
