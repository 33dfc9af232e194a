import { z } from 'zod';
import {
  CheckCheckoutPriceRequestSchema,
  CheckedCartSchema,
  FetchFinalPriceRequestSchema,
  IdParamsSchema,
  MarketplaceOrderDetailPageSchema,
  MarketplaceOrderDetailSchema,
  MarketplaceOrderPageSchema,
  MarketplaceProductPageSchema,
  MarketplaceSearchQuerySchema,
  OrderIdQuerySchema,
  OrderRangeQuerySchema,
  OrderTrackingQuerySchema,
  OrderTrackingSchema,
  PlacedOrdersSchema,
  PlaceOrderRequestSchema,
  UpdateOrderStatusRequestSchema,
  UuidSchema,
  VendorOrderIdQuerySchema,
} from '@clinic/domain';
import { errorResponses, idempotentErrorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { MarketplaceService } from './marketplace.service';

const READ = { access: { permission: ['marketplace', 'read'] } } as const;
const ORDER = { access: { permission: ['marketplace', 'create'] } } as const;

/** Spec section 7, Orders and marketplace; the search and the status steps are ours (docs/decisions.md). */
export function marketplaceRoutes(app: ZodApp, marketplace: MarketplaceService): void {
  app.get('/marketplace/products', {
    config: READ,
    schema: { tags: ['marketplace'], querystring: MarketplaceSearchQuerySchema, response: { 200: MarketplaceProductPageSchema, ...errorResponses } },
    handler: (request) => marketplace.search(actorOf(request), request.query),
  });

  app.post('/check-checkout-price', {
    config: ORDER,
    schema: { tags: ['marketplace'], body: CheckCheckoutPriceRequestSchema, response: { 200: CheckedCartSchema, ...errorResponses } },
    handler: (request) => marketplace.check(actorOf(request), request.body),
  });

  app.post('/fetch-final-price-:vendor', {
    config: READ,
    schema: { tags: ['marketplace'], params: z.object({ vendor: UuidSchema }), body: FetchFinalPriceRequestSchema, response: { 200: CheckedCartSchema, ...errorResponses } },
    handler: (request) => marketplace.finalPrice(actorOf(request), request.params.vendor, request.body),
  });

  app.post('/place-order', {
    config: ORDER,
    schema: { tags: ['marketplace'], body: PlaceOrderRequestSchema, response: { 201: PlacedOrdersSchema, ...idempotentErrorResponses } },
    handler: async (request, reply) => reply.status(201).send(await marketplace.place(actorOf(request), request.body)),
  });

  app.get('/order-status', {
    config: READ,
    schema: { tags: ['marketplace'], querystring: OrderRangeQuerySchema, response: { 200: MarketplaceOrderPageSchema, ...errorResponses } },
    handler: (request) => marketplace.list(actorOf(request), request.query),
  });

  app.get('/order-details/by-date', {
    config: READ,
    schema: { tags: ['marketplace'], querystring: OrderRangeQuerySchema, response: { 200: MarketplaceOrderDetailPageSchema, ...errorResponses } },
    handler: (request) => marketplace.detailsByDate(actorOf(request), request.query),
  });

  app.get('/order-details', {
    config: READ,
    schema: { tags: ['marketplace'], querystring: OrderIdQuerySchema, response: { 200: MarketplaceOrderDetailSchema, ...errorResponses } },
    handler: (request) => marketplace.detail(actorOf(request), request.query.orderId),
  });

  app.get('/order-details/byOrderId', {
    config: READ,
    schema: { tags: ['marketplace'], querystring: VendorOrderIdQuerySchema, response: { 200: MarketplaceOrderDetailSchema, ...errorResponses } },
    handler: (request) => marketplace.detailByReference(actorOf(request), request.query.orderId),
  });

  app.get('/order-tracking', {
    config: READ,
    schema: { tags: ['marketplace'], querystring: OrderTrackingQuerySchema, response: { 200: OrderTrackingSchema, ...errorResponses } },
    handler: (request) => marketplace.tracking(actorOf(request), request.query.url),
  });

  app.patch('/order-details/:id/status', {
    config: ORDER,
    schema: { tags: ['marketplace'], params: IdParamsSchema, body: UpdateOrderStatusRequestSchema, response: { 200: MarketplaceOrderDetailSchema, ...errorResponses } },
    handler: (request) => marketplace.updateStatus(actorOf(request), request.params.id, request.body),
  });
}
