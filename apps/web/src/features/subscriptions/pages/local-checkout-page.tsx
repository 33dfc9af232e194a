import { useEffect, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatCents, PLANS, SUBSCRIPTION_MESSAGES, type LocalCheckout } from '@clinic/domain';
import { BrandMark, PRODUCT_NAME } from '../../../components/brand-mark';
import { AppLink } from '../../../components/link';
import { useNotify } from '../../../components/notifications/use-notify';
import { PageLoader } from '../../../components/page-loader';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { localCheckoutQueryOptions, subscriptionKeys, useFinishLocalCheckout } from '../api/subscriptions-api';

export const TEST_PAYMENT_BANNER = 'Test payment — no real card is charged';
const TITLE = 'Checkout';

function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
      <Typography component="dt" color={strong ? 'text.primary' : 'text.secondary'} sx={{ fontWeight: strong ? 600 : 400 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: strong ? 700 : 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function BackToDashboard() {
  return <AppLink to="/dashboard">Back to the dashboard</AppLink>;
}

function Closed({ message }: { message: string }) {
  return (
    <Stack spacing={2}>
      <Alert severity="info">{message}</Alert>
      <BackToDashboard />
    </Stack>
  );
}

function CheckoutSummary({ checkout }: { checkout: LocalCheckout }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const finish = useFinishLocalCheckout(checkout.id);
  const { plan } = checkout;
  const perLocation = PLANS[plan.id].multipleLocations;
  // After success the browser is leaving for the return address: keep the choice busy.
  const leaving = finish.isPending || finish.isSuccess ? finish.variables : null;

  const run = (outcome: 'complete' | 'cancel') => {
    finish.mutate(outcome, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          // Finished in another tab, or expired: show the page's closed state.
          void queryClient.invalidateQueries({ queryKey: subscriptionKeys.localCheckout(checkout.id) });
        }
        notify.error(errorMessage(error, outcome === 'complete' ? 'The test payment failed. Please try again.' : 'Could not cancel the checkout. Please try again.'));
      },
    });
  };

  return (
    <Stack spacing={3}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.25 }}>
        <Row label="Organization">{checkout.organization_name}</Row>
        <Row label="Plan">{plan.title}</Row>
        <Row label="Price">
          {formatCents(plan.monthly_cents)}/month{perLocation ? ` per location × ${String(plan.locations)} locations` : ''}
        </Row>
        <Row label={`Every ${String(plan.months)} months`}>{formatCents(plan.period_cents)}</Row>
        {checkout.setup_fee_cents > 0 ? <Row label="One-time set-up fee">{formatCents(checkout.setup_fee_cents)}</Row> : null}
        <Divider component="div" role="presentation" sx={{ my: 0.5 }} />
        <Row label="Due today" strong>
          {formatCents(checkout.due_today_cents)}
        </Row>
        {checkout.is_trial ? (
          <Typography color="success.dark" sx={{ fontWeight: 600, textAlign: 'right' }}>
            Free for {checkout.trial_days} days
          </Typography>
        ) : null}
      </Box>
      {checkout.is_trial ? (
        <Typography variant="body2" color="text.secondary">
          After the trial, {plan.billing.toLowerCase()}: {formatCents(plan.period_cents)} every {plan.months} months.
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column-reverse', sm: 'row' }, justifyContent: 'flex-end', gap: 1 }}>
        <Button
          variant="outlined"
          size="large"
          loading={leaving === 'cancel'}
          disabled={leaving === 'complete'}
          onClick={() => { run('cancel'); }}
        >
          Cancel
        </Button>
        <Button
          variant="contained"
          size="large"
          loading={leaving === 'complete'}
          disabled={leaving === 'cancel'}
          onClick={() => { run('complete'); }}
        >
          {checkout.is_trial ? 'Start free trial' : 'Pay'}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * The local payment provider's checkout (no card payment provider configured): it records a test
 * payment, or a trial, and sends the browser on to the return address, like a provider's page.
 */
export function LocalCheckoutPage() {
  const { checkoutId = '' } = useParams();
  const checkout = useQuery(localCheckoutQueryOptions(checkoutId));

  useEffect(() => {
    document.title = `${TITLE} | ${PRODUCT_NAME}`;
  }, []);

  let body: ReactNode;
  if (checkout.isPending) body = <PageLoader label="Loading the checkout" />;
  else if (checkout.isError) {
    const closed = checkout.error instanceof ApiError && checkout.error.status === 409;
    body = closed ? (
      <Closed message={errorMessage(checkout.error, SUBSCRIPTION_MESSAGES.checkoutClosed)} />
    ) : (
      <Stack spacing={2}>
        <Alert severity="error">{errorMessage(checkout.error, 'Could not load this checkout.')}</Alert>
        <BackToDashboard />
      </Stack>
    );
  } else if (checkout.data.status !== 'open') body = <Closed message={SUBSCRIPTION_MESSAGES.checkoutClosed} />;
  else body = <CheckoutSummary checkout={checkout.data} />;

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'center',
        px: 2,
        py: { xs: 3, sm: 6 },
        bgcolor: 'background.default',
      }}
    >
      <Paper sx={{ width: '100%', maxWidth: 520, p: { xs: 3, sm: 4 } }}>
        <Box sx={{ mb: 3 }}>
          <BrandMark />
        </Box>
        <Alert severity="warning" icon={<ScienceOutlined />} role="note" sx={{ mb: 3, fontWeight: 600 }}>
          {TEST_PAYMENT_BANNER}
        </Alert>
        <Typography variant="h1" sx={{ mb: 3 }}>
          {TITLE}
        </Typography>
        {body}
      </Paper>
    </Box>
  );
}
