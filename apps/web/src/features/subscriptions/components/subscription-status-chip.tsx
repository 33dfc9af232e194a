import Chip, { type ChipProps } from '@mui/material/Chip';
import type { SubscriptionOverview, SubscriptionStatus } from '@clinic/domain';
import { SUBSCRIPTION_STATUS_LABELS } from '../subscription-access';

const COLORS: Record<SubscriptionStatus, ChipProps['color']> = {
  active: 'success',
  trialing: 'info',
  past_due: 'warning',
  unpaid: 'error',
  incomplete: 'warning',
  incomplete_expired: 'error',
  canceled: 'default',
  paused: 'default',
};

/** The effective subscription's status; 'No subscription' when the organization never subscribed. */
export function SubscriptionStatusChip({ overview }: { overview: SubscriptionOverview }) {
  const status = overview.effective?.status;
  if (!status) return <Chip size="small" variant="outlined" label="No subscription" />;
  // An active entry with open invoices, or one past its expiry, does not count as active (spec section 4).
  if (overview.state !== 'active' && (status === 'active' || status === 'trialing')) {
    const label = overview.effective?.hasOpenInvoices ? 'Payment due' : 'Expired';
    return <Chip size="small" variant="outlined" color="warning" label={label} />;
  }
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={SUBSCRIPTION_STATUS_LABELS[status]} />;
}
