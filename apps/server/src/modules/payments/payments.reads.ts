// An organization's billing and subscriptions, as the demo seed reads them before setting up its trial.
export { findBillingOrganization, listSubscriptions, type BillingOrganization, type SubscriptionRow } from './payments.repo';
