import { useEffect, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { formatCents, PLANS, SUBSCRIPTION_MESSAGES, type Invoice, type SubscriptionOverview } from '@clinic/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { PageLoader } from '../../../components/page-loader';
import { useScrollTabStop } from '../../../components/use-scroll-tab-stop';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { organizationSubscriptionQueryOptions, useCancelSubscription, useManageSubscription } from '../api/subscriptions-api';
import { MANAGE_ERROR } from '../subscription-access';
import { PlanChooser, TestPaymentsNote } from './plan-chooser';
import { SubscriptionStatusChip } from './subscription-status-chip';

/** The anchor 'Manage Subscriptions' points at with the local provider: /users/company#subscription. */
export const SUBSCRIPTION_SECTION_ID = 'subscription';

const INVOICE_STATUS: Record<Invoice['status'], { label: string; color: ChipProps['color'] }> = {
  draft: { label: 'Draft', color: 'default' },
  open: { label: 'Open', color: 'warning' },
  paid: { label: 'Paid', color: 'success' },
  uncollectible: { label: 'Uncollectible', color: 'error' },
  void: { label: 'Void', color: 'default' },
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

interface Dates {
  label: string;
  date: string;
  nextCharge: string;
}

/** Trial end, renewal or expiry of the effective subscription, and what is charged next. */
function datesOf(overview: SubscriptionOverview): Dates | null {
  const effective = overview.effective;
  if (!effective) return null;
  const date = formatDate(effective.expiresAt);
  if (overview.state !== 'active') {
    const past = new Date(effective.expiresAt).getTime() <= Date.now();
    return { label: past ? 'Expired on' : 'Expires on', date, nextCharge: '—' };
  }
  if (effective.cancel_at_period_end) {
    return { label: effective.is_trial ? 'Trial ends on' : 'Ends on', date, nextCharge: `Ends on ${date}` };
  }
  if (effective.provider === 'complimentary') return { label: 'Free until', date, nextCharge: 'None (free subscription)' };
  const plan = overview.plans.find((offer) => offer.id === effective.plan_id);
  const nextCharge = plan ? `${formatCents(plan.period_cents)} on ${date}` : date;
  return { label: effective.is_trial ? 'Trial ends on' : 'Renews on', date, nextCharge };
}

function setupFeeStatus(overview: SubscriptionOverview): string {
  const { setup_fee: fee } = overview;
  if (!fee.due) return 'Paid';
  const perLocation = `${formatCents(fee.per_location_cents)} per location × ${String(fee.locations)}`;
  return `${formatCents(fee.total_cents)} due with the first paid plan (${perLocation})`;
}

function PlanDialog({ overview, onClose }: { overview: SubscriptionOverview; onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" fullScreen={phone} aria-labelledby="choose-plan-title">
      <DialogTitle id="choose-plan-title">Choose a plan</DialogTitle>
      <DialogContent dividers>
        <PlanChooser overview={overview} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function Invoices({ invoices }: { invoices: Invoice[] }) {
  const scroller = useScrollTabStop();
  return (
    <Box sx={{ mt: 3 }}>
      <Typography id="invoices-title" variant="h3" sx={{ mb: 1.5 }}>
        Invoices
      </Typography>
      <Paper sx={{ overflow: 'hidden' }}>
        <TableContainer ref={scroller} sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="invoices-title" sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>Number</TableCell>
                <TableCell>Description</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Invoice</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invoices.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                    No invoices yet
                  </TableCell>
                </TableRow>
              ) : (
                invoices.map((invoice) => (
                  <TableRow key={invoice.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(invoice.created_at)}</TableCell>
                    <TableCell>{invoice.number ?? '—'}</TableCell>
                    <TableCell>{invoice.description}</TableCell>
                    <TableCell align="right">{formatCents(invoice.amount_cents)}</TableCell>
                    <TableCell>
                      <Chip size="small" variant="outlined" label={INVOICE_STATUS[invoice.status].label} color={INVOICE_STATUS[invoice.status].color} />
                    </TableCell>
                    <TableCell>
                      {invoice.url ? (
                        <Link
                          href={invoice.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={`View invoice ${invoice.number ?? formatDate(invoice.created_at)} (opens in a new tab)`}
                        >
                          View
                        </Link>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Box>
  );
}

interface SubscriptionDetailsProps {
  overview: SubscriptionOverview;
  /** Organization and location admins of their own organization choose, manage and cancel. */
  canManage: boolean;
}

function SubscriptionDetails({ overview, canManage }: SubscriptionDetailsProps) {
  const notify = useNotify();
  const manage = useManageSubscription();
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const effective = overview.effective;
  const dates = datesOf(overview);
  const active = overview.state === 'active';
  const canCancel = canManage && active && effective !== null && !effective.cancel_at_period_end && effective.provider !== 'complimentary';

  return (
    <>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' } }}
        >
          <Field label="Current plan">{effective ? PLANS[effective.plan_id].title : 'No plan'}</Field>
          <Field label="Status">
            <SubscriptionStatusChip overview={overview} />
          </Field>
          {dates ? <Field label={dates.label}>{dates.date}</Field> : null}
          {dates ? <Field label="Next charge">{dates.nextCharge}</Field> : null}
          <Field label="Set-up fee">{setupFeeStatus(overview)}</Field>
        </Box>
        {overview.provider === 'local' ? (
          <Box sx={{ mt: 2 }}>
            <TestPaymentsNote />
          </Box>
        ) : null}
        {canManage && overview.needs_management ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            There is a problem with a payment. Open Manage Subscriptions to update the card or pay the open invoices.
          </Alert>
        ) : null}
        {canManage ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 3 }}>
            {!active ? (
              <Button variant="contained" onClick={() => { setChoosing(true); }}>
                {overview.state === 'never' ? 'Choose plan' : 'Change plan'}
              </Button>
            ) : null}
            {effective ? (
              <Button
                variant={overview.needs_management ? 'contained' : 'outlined'}
                loading={manage.isPending || manage.isSuccess}
                onClick={() => {
                  manage.mutate(undefined, { onError: (error) => { notify.error(errorMessage(error, MANAGE_ERROR)); } });
                }}
              >
                Manage Subscriptions
              </Button>
            ) : null}
            {canCancel ? (
              <Button variant="outlined" color="error" onClick={() => { setConfirming(true); }}>
                Cancel subscription
              </Button>
            ) : null}
          </Box>
        ) : null}
      </Paper>

      <Invoices invoices={overview.invoices} />

      {choosing ? <PlanDialog overview={overview} onClose={() => { setChoosing(false); }} /> : null}
      {effective ? (
        <ConfirmDialog
          open={confirming}
          title="Cancel subscription"
          message={`Cancel the ${PLANS[effective.plan_id].title} subscription? It stays active until ${formatDate(effective.expiresAt)} and is not renewed.`}
          confirmLabel="Cancel subscription"
          cancelLabel="Keep subscription"
          destructive
          loading={cancel.isPending}
          onClose={() => { setConfirming(false); }}
          onConfirm={() => {
            cancel.mutate(effective.subscription_id, {
              onSuccess: () => {
                notify.success(SUBSCRIPTION_MESSAGES.canceled);
                setConfirming(false);
              },
              onError: (error) => { notify.error(errorMessage(error, 'Failed to cancel the subscription')); },
            });
          }}
        />
      ) : null}
    </>
  );
}

interface SubscriptionSectionProps {
  /** A client's organization (the product admin's view); null for the user's own organization. */
  organizationId: string | null;
  canManage: boolean;
  /** The section's heading (an h2). */
  title?: string;
}

/**
 * The organization's plan, status, dates and invoices (spec section 4). On /users/company the
 * admins of the organization manage it here; with the local provider 'Manage Subscriptions' leads
 * to this section (#subscription).
 */
export function SubscriptionSection({ organizationId, canManage, title = 'Subscription' }: SubscriptionSectionProps) {
  const overview = useQuery(organizationSubscriptionQueryOptions(organizationId));
  const { hash } = useLocation();
  const ref = useRef<HTMLElement>(null);
  const loaded = overview.isSuccess;

  useEffect(() => {
    // The section arrives after the page: bring it into view once there is something to show.
    if (hash === `#${SUBSCRIPTION_SECTION_ID}` && loaded) ref.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, loaded]);

  return (
    <Box component="section" id={SUBSCRIPTION_SECTION_ID} ref={ref} aria-labelledby="subscription-section-title" sx={{ mt: 4, scrollMarginTop: 16 }}>
      <Typography id="subscription-section-title" variant="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {overview.isPending ? (
        <PageLoader label="Loading the subscription" />
      ) : overview.isError ? (
        <Alert severity="error">{errorMessage(overview.error, 'Could not load the subscription.')}</Alert>
      ) : (
        <SubscriptionDetails overview={overview.data} canManage={canManage} />
      )}
    </Box>
  );
}
