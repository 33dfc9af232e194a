import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { AUTH_MESSAGES, LoginRequestSchema, type LoginRequest } from '@clinic/domain';
import { FormTextField } from '../../../components/form-text-field';
import { AppLink } from '../../../components/link';
import { errorMessage } from '../../../lib/api-client';
import { zodParseOptions } from '../../../lib/forms';
import { startSession, takeSignOutReason } from '../../../lib/session';
import { useLogin } from '../api/auth-api';
import { AuthShell } from '../components/auth-shell';
import { SIGN_IN_TEXTS } from '../sign-in-texts';
import { PasswordField } from '../components/password-field';

export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  // Read once: after an idle sign-out the page says why, until the next sign-in attempt.
  const [signedOutIdle] = useState(() => takeSignOutReason() === 'idle');
  // Arriving from the register page, the e-mail just registered is filled in.
  const registered = (useLocation().state as { email?: unknown } | null)?.email;
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(LoginRequestSchema, zodParseOptions),
    defaultValues: { username: typeof registered === 'string' ? registered : '', password: '' },
  });

  const onSubmit = (values: LoginRequest) => {
    login.mutate(values, {
      onSuccess: ({ access_token }) => {
        queryClient.clear();
        void navigate(startSession(access_token), { replace: true });
      },
    });
  };

  return (
    <AuthShell title={SIGN_IN_TEXTS.title} subtitle={SIGN_IN_TEXTS.subtitle}>
      <Box component="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <Stack spacing={2.5}>
          {signedOutIdle && !login.isError ? <Alert severity="info">{AUTH_MESSAGES.signedOutIdle}</Alert> : null}
          {login.isError ? (
            <Alert severity="error">{errorMessage(login.error, SIGN_IN_TEXTS.failed)}</Alert>
          ) : null}
          <FormTextField
            control={control}
            name="username"
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            required
            // Labels stay above the fields: the page prerendered for / (src/sign-in) has no script to
            // move them, and a password manager's autofill never lands under a label.
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <PasswordField control={control} name="password" label="Password" autoComplete="current-password" shrinkLabel />
          <Box sx={{ textAlign: 'right', mt: '8px !important' }}>
            <AppLink to="/recover-account" variant="body2">
              Forgot password?
            </AppLink>
          </Box>
          <Button type="submit" variant="contained" size="large" loading={login.isPending}>
            Sign in
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            New clinic? <AppLink to="/register">Register</AppLink>
          </Typography>
        </Stack>
      </Box>
    </AuthShell>
  );
}
