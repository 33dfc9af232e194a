import { CreateTransferRequestSchema, IdParamsSchema, ReceiveTransferRequestSchema, ShipTransferRequestSchema, TransferListQuerySchema, TransferLocationListSchema, TransferPageSchema, TransferSchema } from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { TransfersService } from './transfers.service';

// Issue 34, item 3: transfers of units between the locations of one organization. Whoever reads
// stock sees the transfers to and from their location; whoever may update stock asks for units,
// ships them from their location and receives them at it (an organization admin at any of its
// locations). Which end may do what is checked in the service.
export function transfersRoutes(app: ZodApp, transfers: TransfersService): void {
  app.get('/transfers', {
    config: { access: { permission: ['stock', 'read'] } },
    schema: { tags: ['transfers'], querystring: TransferListQuerySchema, response: { 200: TransferPageSchema, ...errorResponses } },
    handler: (request) => transfers.list(actorOf(request), request.query),
  });

  app.get('/transfers/locations', {
    config: { access: { permission: ['stock', 'read'] } },
    schema: { tags: ['transfers'], response: { 200: TransferLocationListSchema, ...errorResponses } },
    handler: (request) => transfers.locations(actorOf(request)),
  });

  app.get('/transfers/:id', {
    config: { access: { permission: ['stock', 'read'] } },
    schema: { tags: ['transfers'], params: IdParamsSchema, response: { 200: TransferSchema, ...errorResponses } },
    handler: (request) => transfers.get(actorOf(request), request.params.id),
  });

  app.post('/transfers', {
    config: { access: { permission: ['stock', 'update'] } },
    schema: { tags: ['transfers'], body: CreateTransferRequestSchema, response: { 201: TransferSchema, ...errorResponses } },
    handler: async (request, reply) => reply.status(201).send(await transfers.create(actorOf(request), request.body)),
  });

  app.post('/transfers/:id/ship', {
    config: { access: { permission: ['stock', 'update'] } },
    schema: { tags: ['transfers'], params: IdParamsSchema, body: ShipTransferRequestSchema, response: { 200: TransferSchema, ...errorResponses } },
    handler: (request) => transfers.ship(actorOf(request), request.params.id, request.body),
  });

  app.post('/transfers/:id/receive', {
    config: { access: { permission: ['stock', 'update'] } },
    schema: { tags: ['transfers'], params: IdParamsSchema, body: ReceiveTransferRequestSchema, response: { 200: TransferSchema, ...errorResponses } },
    handler: (request) => transfers.receive(actorOf(request), request.params.id, request.body),
  });

  app.post('/transfers/:id/cancel', {
    config: { access: { permission: ['stock', 'update'] } },
    schema: { tags: ['transfers'], params: IdParamsSchema, response: { 200: TransferSchema, ...errorResponses } },
    handler: (request) => transfers.cancel(actorOf(request), request.params.id),
  });
}
