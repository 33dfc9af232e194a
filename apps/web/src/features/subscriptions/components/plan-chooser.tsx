import { useId } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CardGiftcardOutlined from '@mui/icons-material/CardGiftcardOutlined';
import CheckCircleOutlineOutlined from '@mui/icons-material/CheckCircleOutlineOutlined';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { formatCents, PLANS, type PlanOffer, type SubscriptionOverview } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { subscriptionKeys, useStartCheckout, type CheckoutRequest } from '../api/subscriptions-api';
import { CHECKOUT_ERROR } from '../subscription-access';


/** With the local provider nothing is charged: say so wherever a payment is offered. */
export function TestPaymentsNote() {
  return (
    <Alert severity="info" icon={<ScienceOutlined />} role="note">
      Payments here are test payments: no card is charged.
    </Alert>
  );
}

/** "One-time set-up fee: $500.00 per location × 2 = $1,000.00" */
export function setupFeeText(fee: SubscriptionOverview['setup_fee']): string {
  return `One-time set-up fee: ${formatCents(fee.per_location_cents)} per location × ${String(fee.locations)} = ${formatCents(fee.total_cents)}`;
}

export function trialLabel(days: number): string {
  return `Start ${String(days)}-day free trial`;
}

interface PlanCardProps {
  plan: PlanOffer;
  /** Days of the free trial offered with this plan, or null when no trial is offered. */
  trialDays: number | null;
  pending: CheckoutRequest | null;
  disabled: boolean;
  onChoose: (trial: boolean) => void;
}

function PlanCard({ plan, trialDays, pending, disabled, onChoose }: PlanCardProps) {
  const titleId = useId();
  const perLocation = PLANS[plan.id].multipleLocations;
  const busy = (trial: boolean) => pending?.planId === plan.id && pending.trial === trial;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: 2.5, height: '100%', display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Box>
        <Typography id={titleId} variant="h3" component="h3">
          {plan.title}
        </Typography>
        {plan.discount_offer ? <Chip size="small" color="secondary" variant="outlined" label={plan.discount_offer} sx={{ mt: 1 }} /> : null}
      </Box>
      <Box>
        <Typography component="p" sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2 }}>
          {formatCents(plan.monthly_cents)}
          <Typography component="span" color="text.secondary" sx={{ fontSize: '1rem', fontWeight: 400 }}>
            {perLocation ? '/month per location' : '/month'}
          </Typography>
        </Typography>
        {perLocation ? <Typography color="text.secondary">× {plan.locations} locations</Typography> : null}
        {plan.custom_price ? (
          <Typography variant="body2" color="primary.dark" sx={{ fontWeight: 500 }}>
            Custom price for your organization
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary">
          {plan.billing}
        </Typography>
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
        {plan.benefits.map((benefit) => (
          <Box component="li" key={benefit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <CheckCircleOutlineOutlined fontSize="small" color="primary" aria-hidden />
            <Typography variant="body2">{benefit}</Typography>
          </Box>
        ))}
      </Box>
      <Typography sx={{ fontWeight: 600, mt: 'auto' }}>
        Total {formatCents(plan.period_cents)} every {plan.months} months
      </Typography>
      <Stack spacing={1}>
        {trialDays !== null ? (
          <Button
            variant="contained"
            startIcon={<CardGiftcardOutlined />}
            aria-label={`${trialLabel(trialDays)}: ${plan.title}`}
            loading={busy(true)}
            disabled={disabled && !busy(true)}
            onClick={() => { onChoose(true); }}
          >
            {trialLabel(trialDays)}
          </Button>
        ) : null}
        <Button
          variant={trialDays !== null ? 'outlined' : 'contained'}
          aria-label={`Subscribe: ${plan.title}`}
          loading={busy(false)}
          disabled={disabled && !busy(false)}
          onClick={() => { onChoose(false); }}
        >
          Subscribe
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The plans an organization may buy (spec section 9), the set-up fee it still owes, and the free
 * trial while it never subscribed. Choosing sends the browser to the checkout.
 */
export function PlanChooser({ overview }: { overview: SubscriptionOverview }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const checkout = useStartCheckout();
  const trialDays = overview.state === 'never' ? overview.free_trial_days : null;
  // After success the browser is leaving: keep the chosen button busy and the others disabled.
  const pending = checkout.isPending || checkout.isSuccess ? (checkout.variables ?? null) : null;

  const choose = (request: CheckoutRequest) => {
    checkout.mutate(request, {
      onError: (error) => {
        notify.error(errorMessage(error, CHECKOUT_ERROR));
        // 409: the trial was used or a plan started meanwhile; read the organization's state again.
        if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
      },
    });
  };

  return (
    <Stack spacing={2}>
      {overview.provider === 'local' ? <TestPaymentsNote /> : null}
      {trialDays !== null ? (
        <Alert severity="success" icon={<CardGiftcardOutlined />}>
          <AlertTitle>Free for {trialDays} days</AlertTitle>
          Start a free trial on any plan below: nothing is charged today.
        </Alert>
      ) : null}
      <Box
        component="ul"
        aria-label="Plans"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          // One column on phones, side by side from tablets up.
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fit, minmax(220px, 1fr))' },
        }}
      >
        {overview.plans.map((plan) => (
          <Box component="li" key={plan.id}>
            <PlanCard
              plan={plan}
              trialDays={trialDays}
              pending={pending}
              disabled={pending !== null}
              onChoose={(trial) => { choose({ planId: plan.id, trial }); }}
            />
          </Box>
        ))}
      </Box>
      {overview.setup_fee.due ? <Typography sx={{ fontWeight: 500 }}>{setupFeeText(overview.setup_fee)}</Typography> : null}
    </Stack>
  );
}
