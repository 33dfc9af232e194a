// The demo seed's subscription and invoice, written as the payment provider's events would.
export { updateBilling, upsertInvoice, upsertSubscription } from './payments.repo';
