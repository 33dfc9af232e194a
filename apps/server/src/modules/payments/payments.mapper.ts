import type { Invoice, Subscription } from '@clinic/domain';
import type { InvoiceRow, SubscriptionRow } from './payments.repo';

export const toSubscriptionResponse = (row: SubscriptionRow): Subscription => ({
  id: row.id,
  subscription_id: row.providerSubscriptionId,
  provider: row.provider,
  plan_id: row.planId,
  status: row.status,
  expiresAt: row.expiresAt.toISOString(),
  hasOpenInvoices: row.hasOpenInvoices,
  is_trial: row.isTrial,
  cancel_at_period_end: row.cancelAtPeriodEnd,
  created_at: row.createdAt.toISOString(),
});

export const toInvoiceResponse = (row: InvoiceRow): Invoice => ({
  id: row.id,
  number: row.number,
  amount_cents: row.amountCents,
  status: row.status,
  description: row.description,
  created_at: row.createdAt.toISOString(),
  url: row.url,
});
