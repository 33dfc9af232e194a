import { z } from 'zod';
import { CategoryListQuerySchema, CategoryPageSchema, CategorySchema, CreateCategoryRequestSchema, IdParamsSchema, UpdateCategoryRequestSchema } from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { CategoriesService } from './categories.service';

export function categoriesRoutes(app: ZodApp, categories: CategoriesService): void {
  app.get('/category', {
    config: { access: { permission: ['categories', 'read'] } },
    schema: { tags: ['categories'], querystring: CategoryListQuerySchema, response: { 200: CategoryPageSchema, ...errorResponses } },
    handler: (request) => categories.list(actorOf(request), request.query),
  });

  app.post('/category', {
    config: { access: { permission: ['categories', 'create'] } },
    schema: { tags: ['categories'], body: CreateCategoryRequestSchema, response: { 201: CategorySchema, ...errorResponses } },
    handler: async (request, reply) => reply.status(201).send(await categories.create(actorOf(request), request.body)),
  });

  app.get('/category/:id', {
    config: { access: { permission: ['categories', 'read'] } },
    schema: { tags: ['categories'], params: IdParamsSchema, response: { 200: CategorySchema, ...errorResponses } },
    handler: (request) => categories.get(actorOf(request), request.params.id),
  });

  app.patch('/category/:id', {
    config: { access: { permission: ['categories', 'update'] } },
    schema: { tags: ['categories'], params: IdParamsSchema, body: UpdateCategoryRequestSchema, response: { 200: CategorySchema, ...errorResponses } },
    handler: (request) => categories.update(actorOf(request), request.params.id, request.body),
  });

  app.delete('/category/:id', {
    config: { access: { permission: ['categories', 'delete'] } },
    schema: { tags: ['categories'], params: IdParamsSchema, response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await categories.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}
