import { z } from 'zod';
import { ChooseRequestSupplierSchema, IdParamsSchema, ProductRequestListSchema, ProductRequestSchema, RequestsWithoutSupplierSchema, SendProductRequestSchema } from '@clinic/domain';
import { errorResponses, idempotentErrorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { ProductRequestsService } from './product-requests.service';
import type { RequestsWithoutSupplierService } from './requests-without-supplier.service';

/** The location's admins choose a supplier for a request no vendor could take (as they review suggested orders). */
const LOCATION_ADMINS = { access: { permission: ['companies', 'update'] as const } };

/** Request Product (issue 39; spec section 2, Stock Room dialog): for everyone working at a location. */
export function productRequestRoutes(app: ZodApp, requests: ProductRequestsService, withoutSupplier: RequestsWithoutSupplierService): void {
  app.post('/product/:id/requests', {
    config: { access: { permission: ['runningList', 'create'] } },
    schema: { tags: ['purchasing'], params: IdParamsSchema, body: SendProductRequestSchema, response: { 201: ProductRequestSchema, ...idempotentErrorResponses } },
    handler: async (request, reply) => reply.status(201).send(await requests.create(actorOf(request), request.params.id, request.body)),
  });

  app.get('/product/:id/requests', {
    config: { access: { permission: ['runningList', 'read'] } },
    schema: { tags: ['purchasing'], params: IdParamsSchema, response: { 200: ProductRequestListSchema, ...errorResponses } },
    handler: (request) => requests.listOwn(actorOf(request), request.params.id),
  });

  // Issue 50: requests without a supplier wait on the running lists page for a location admin.
  app.get('/purchase/product-requests/without-supplier', {
    config: LOCATION_ADMINS,
    schema: { tags: ['purchasing'], response: { 200: RequestsWithoutSupplierSchema, ...errorResponses } },
    handler: (request) => withoutSupplier.list(actorOf(request)),
  });

  app.post('/purchase/product-requests/:id/supplier', {
    config: LOCATION_ADMINS,
    schema: { tags: ['purchasing'], params: IdParamsSchema, body: ChooseRequestSupplierSchema, response: { 200: ProductRequestSchema, ...errorResponses } },
    handler: (request) => withoutSupplier.chooseSupplier(actorOf(request), request.params.id, request.body),
  });

  app.delete('/purchase/product-requests/:id', {
    config: LOCATION_ADMINS,
    schema: { tags: ['purchasing'], params: IdParamsSchema, response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await withoutSupplier.decline(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}
