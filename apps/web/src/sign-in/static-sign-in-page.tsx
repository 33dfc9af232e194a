import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { AUTH_MESSAGES } from '@clinic/domain';
import { AuthShell } from '../features/auth/components/auth-shell';
import { SIGN_IN_TEXTS } from '../features/auth/sign-in-texts';
import { SIGN_IN_HOOKS as HOOK } from './sign-in-hooks';

/**
 * The sign-in page as the React app renders it (features/auth/pages/login-page.tsx), prerendered
 * to HTML at build time: the same shell, fields, links and button, with `data-sign-in` marks for
 * the page's small script (sign-in-form.ts). A test compares the two pages' roles and names.
 */
export function StaticSignInPage() {
  return (
    <AuthShell title={SIGN_IN_TEXTS.title} subtitle={SIGN_IN_TEXTS.subtitle}>
      <Box component="form" noValidate data-sign-in={HOOK.form}>
        <Stack spacing={2.5} data-sign-in={HOOK.stack}>
          <TextField
            id="sign-in-username"
            name="username"
            label="Email"
            type="email"
            autoComplete="username"
            required
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 254 } }}
          />
          <TextField
            id="sign-in-password"
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { maxLength: 128 },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton aria-label="Show characters" aria-pressed={false} edge="end" data-sign-in={HOOK.reveal}>
                      <Visibility data-sign-in={HOOK.shownIcon} />
                      <VisibilityOff data-sign-in={HOOK.hiddenIcon} style={{ display: 'none' }} />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Box sx={{ textAlign: 'right', mt: '8px !important' }}>
            <Link href="/recover-account" variant="body2">
              Forgot password?
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large" data-sign-in={HOOK.submit}>
            {SIGN_IN_TEXTS.title}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            New clinic? <Link href="/register">Register</Link>
          </Typography>
        </Stack>
      </Box>
    </AuthShell>
  );
}

/** What the script inserts when needed, as the React page renders it then: the alerts and a field's message. */
export function StaticSignInTemplates() {
  return (
    <>
      <template data-sign-in={HOOK.errorAlert}>
        <Alert severity="error">
          <span data-sign-in={HOOK.message} />
        </Alert>
      </template>
      <template data-sign-in={HOOK.idleAlert}>
        <Alert severity="info">{AUTH_MESSAGES.signedOutIdle}</Alert>
      </template>
      <template data-sign-in={HOOK.fieldError}>
        {/* Inside an outlined, failed form control, as TextField renders its helper text. */}
        <FormControl variant="outlined" error>
          <FormHelperText>
            <span data-sign-in={HOOK.message} />
          </FormHelperText>
        </FormControl>
      </template>
    </>
  );
}
