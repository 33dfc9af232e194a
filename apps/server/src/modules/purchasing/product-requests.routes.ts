import { SendProductRequestSchema, IdParamsSchema, ProductRequestListSchema, ProductRequestSchema } from '@clinic/domain';
import { errorResponses, idempotentErrorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { ProductRequestsService } from './product-requests.service';

/** Request Product (issue 39; spec section 2, Stock Room dialog): for everyone working at a location. */
export function productRequestRoutes(app: ZodApp, requests: ProductRequestsService): void {
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
}
