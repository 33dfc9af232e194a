import {
  CancelSubscriptionQuerySchema,
  CheckoutSessionQuerySchema,
  IdParamsSchema,
  LocalCheckoutSchema,
  OrganizationIdQuerySchema,
  ProvideFreeSubscriptionQuerySchema,
  SubscriptionOverviewSchema,
  UrlResponseSchema,
} from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { PaymentProvider } from './payment-provider';
import type { PaymentsService } from './payments.service';

/**
 * Spec section 7 (Payments). Every call answers while the organization has no active
 * subscription: they are what the subscription dialog needs to get it one.
 */
export async function paymentsRoutes(app: ZodApp, payments: PaymentsService, provider: PaymentProvider): Promise<void> {
  const buyer = { access: { allowUnsubscribed: true } } as const;

  app.get('/payments/create-checkout-session', {
    config: buyer,
    schema: { tags: ['payments'], querystring: CheckoutSessionQuerySchema, response: { 200: UrlResponseSchema, ...errorResponses } },
    handler: (request) => payments.createCheckout(actorOf(request), request.query),
  });

  app.get('/payments/manage', {
    config: buyer,
    schema: { tags: ['payments'], response: { 200: UrlResponseSchema, ...errorResponses } },
    handler: (request) => payments.manage(actorOf(request)),
  });

  app.get('/payments/cancel-subscription', {
    config: buyer,
    schema: { tags: ['payments'], querystring: CancelSubscriptionQuerySchema, response: { 200: SubscriptionOverviewSchema, ...errorResponses } },
    handler: (request) => payments.cancel(actorOf(request), request.query.subscription_id),
  });

  app.get('/payments/my-subscriptions', {
    config: buyer,
    schema: { tags: ['payments'], querystring: OrganizationIdQuerySchema, response: { 200: SubscriptionOverviewSchema, ...errorResponses } },
    handler: (request) => payments.overview(actorOf(request), request.query.organization_id),
  });

  app.get('/payments/refresh-subscriptions', {
    config: buyer,
    schema: { tags: ['payments'], response: { 200: SubscriptionOverviewSchema, ...errorResponses } },
    handler: (request) => payments.refresh(actorOf(request)),
  });

  app.post('/payments/provide-free-subscription', {
    config: { access: { adminOnly: true } },
    schema: { tags: ['payments'], querystring: ProvideFreeSubscriptionQuerySchema, response: { 200: SubscriptionOverviewSchema, ...errorResponses } },
    handler: (request) => payments.provideFree(actorOf(request), request.query.organization_id),
  });

  app.get('/payments/local-checkout/:id', {
    config: buyer,
    schema: { tags: ['payments'], params: IdParamsSchema, response: { 200: LocalCheckoutSchema, ...errorResponses } },
    handler: (request) => payments.localCheckout(actorOf(request), request.params.id),
  });

  app.post('/payments/local-checkout/:id/complete', {
    config: buyer,
    schema: { tags: ['payments'], params: IdParamsSchema, response: { 200: UrlResponseSchema, ...errorResponses } },
    handler: (request) => payments.completeLocalCheckout(actorOf(request), request.params.id),
  });

  app.post('/payments/local-checkout/:id/cancel', {
    config: buyer,
    schema: { tags: ['payments'], params: IdParamsSchema, response: { 200: UrlResponseSchema, ...errorResponses } },
    handler: (request) => payments.cancelLocalCheckout(actorOf(request), request.params.id),
  });

  // The provider's webhook reads its body as raw bytes: the signature is over them, not over parsed JSON.
  // Named, as a trace's hook spans name the plugin by its function's name (else by its source text).
  await app.register(async function paymentsWebhook(webhook) {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    webhook.post('/payments/webhook', {
      config: { access: 'public' },
      schema: { tags: ['payments'], hide: true },
      handler: async (request) => {
        const signature = request.headers['stripe-signature'];
        const event = await provider.readWebhook(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
        const { applied } = await payments.apply(event, 'stripe');
        return { received: true, applied };
      },
    });
  });
}
