import { z } from 'zod';
import { CreateSupplierRequestSchema, IdParamsSchema, SupplierListQuerySchema, SupplierPageSchema, SupplierSchema, UpdateSupplierRequestSchema } from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { SuppliersService } from './suppliers.service';

export function suppliersRoutes(app: ZodApp, suppliers: SuppliersService): void {
  app.get('/supplier', {
    config: { access: { permission: ['suppliers', 'read'] } },
    schema: { tags: ['suppliers'], querystring: SupplierListQuerySchema, response: { 200: SupplierPageSchema, ...errorResponses } },
    handler: (request) => suppliers.list(actorOf(request), request.query),
  });

  app.post('/supplier', {
    config: { access: { permission: ['suppliers', 'create'] } },
    schema: { tags: ['suppliers'], body: CreateSupplierRequestSchema, response: { 201: SupplierSchema, ...errorResponses } },
    handler: async (request, reply) => reply.status(201).send(await suppliers.create(actorOf(request), request.body)),
  });

  app.get('/supplier/:id', {
    config: { access: { permission: ['suppliers', 'read'] } },
    schema: { tags: ['suppliers'], params: IdParamsSchema, response: { 200: SupplierSchema, ...errorResponses } },
    handler: (request) => suppliers.get(actorOf(request), request.params.id),
  });

  app.patch('/supplier/:id', {
    config: { access: { permission: ['suppliers', 'update'] } },
    schema: { tags: ['suppliers'], params: IdParamsSchema, body: UpdateSupplierRequestSchema, response: { 200: SupplierSchema, ...errorResponses } },
    handler: (request) => suppliers.update(actorOf(request), request.params.id, request.body),
  });

  app.delete('/supplier/:id', {
    config: { access: { permission: ['suppliers', 'delete'] } },
    schema: { tags: ['suppliers'], params: IdParamsSchema, response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await suppliers.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}
