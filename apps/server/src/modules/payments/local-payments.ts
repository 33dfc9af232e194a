import { SUBSCRIPTION_MESSAGES } from '@clinic/domain';
import { badRequest } from '../../core/errors';
import type { PaymentProvider } from './payment-provider';

/**
 * The default when no payment provider is configured: checkouts open the app's own page
 * (/checkout/local/{id}), plainly a test payment, and the payments service records the result
 * through the same event path a Stripe webhook takes. Nothing leaves the machine.
 */
export function createLocalPayments(publicUrl: string): PaymentProvider {
  return {
    name: 'local',
    startCheckout: (order) => Promise.resolve({ url: `${publicUrl}/checkout/local/${order.checkoutId}`, reference: null, customerId: null }),
    manageUrl: () => Promise.resolve(`${publicUrl}/users/company#subscription`),
    cancelAtPeriodEnd: () => Promise.resolve(null),
    readSubscriptions: () => Promise.resolve(null),
    // No provider sends webhooks here, so no signature can be valid.
    readWebhook: () => Promise.reject(badRequest('stripe-signature', SUBSCRIPTION_MESSAGES.webhookSignature)),
  };
}
