import { z } from 'zod';
import {
  CreateTreatmentCategoryRequestSchema,
  CreateTreatmentRequestSchema,
  ExecutedWithinQuerySchema,
  ExecutedWithinSchema,
  IdParamsSchema,
  TreatmentCategoryListQuerySchema,
  TreatmentCategoryPageSchema,
  TreatmentCategorySchema,
  TreatmentListQuerySchema,
  TreatmentPageSchema,
  TreatmentSchema,
  UpdateTreatmentCategoryRequestSchema,
  UpdateTreatmentRequestSchema,
} from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { TreatmentCategoriesService } from './treatment-categories.service';
import type { TreatmentsService } from './treatments.service';

/** Spec section 7, Treatment: the design side (categories and treatments with their trays). */
export function treatmentsRoutes(app: ZodApp, categories: TreatmentCategoriesService, treatments: TreatmentsService): void {
  app.get('/treatment/category', {
    config: { access: { permission: ['treatmentCategories', 'read'] } },
    schema: { tags: ['treatments'], querystring: TreatmentCategoryListQuerySchema, response: { 200: TreatmentCategoryPageSchema, ...errorResponses } },
    handler: (request) => categories.list(actorOf(request), request.query),
  });

  app.post('/treatment/category', {
    config: { access: { permission: ['treatmentCategories', 'create'] } },
    schema: { tags: ['treatments'], body: CreateTreatmentCategoryRequestSchema, response: { 201: TreatmentCategorySchema, ...errorResponses } },
    handler: async (request, reply) => reply.status(201).send(await categories.create(actorOf(request), request.body)),
  });

  app.get('/treatment/category/:id', {
    config: { access: { permission: ['treatmentCategories', 'read'] } },
    schema: { tags: ['treatments'], params: IdParamsSchema, response: { 200: TreatmentCategorySchema, ...errorResponses } },
    handler: (request) => categories.get(actorOf(request), request.params.id),
  });

  app.patch('/treatment/category/:id', {
    config: { access: { permission: ['treatmentCategories', 'update'] } },
    schema: { tags: ['treatments'], params: IdParamsSchema, body: UpdateTreatmentCategoryRequestSchema, response: { 200: TreatmentCategorySchema, ...errorResponses } },
    handler: (request) => categories.update(actorOf(request), request.params.id, request.body),
  });

  app.delete('/treatment/category/:id', {
    config: { access: { permission: ['treatmentCategories', 'delete'] } },
    schema: { tags: ['treatments'], params: IdParamsSchema, response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await categories.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.get('/treatment', {
    config: { access: { permission: ['treatments', 'read'] } },
    schema: { tags: ['treatments'], querystring: TreatmentListQuerySchema, response: { 200: TreatmentPageSchema, ...errorResponses } },
    handler: (request) => treatments.list(actorOf(request), request.query),
  });

  // Registered before /treatment/:id so the static path wins.
  app.get('/treatment/executed-within', {
    config: { access: { permission: ['treatments', 'read'] } },
    schema: { tags: ['treatments'], querystring: ExecutedWithinQuerySchema, response: { 200: ExecutedWithinSchema, ...errorResponses } },
    handler: (request) => treatments.executedWithin(actorOf(request), request.query),
  });

  app.post('/treatment', {
    config: { access: { permission: ['treatments', 'create'] } },
    schema: { tags: ['treatments'], body: CreateTreatmentRequestSchema, response: { 201: TreatmentSchema, ...errorResponses } },
    handler: async (request, reply) => reply.status(201).send(await treatments.create(actorOf(request), request.body)),
  });

  app.get('/treatment/:id', {
    config: { access: { permission: ['treatments', 'read'] } },
    schema: { tags: ['treatments'], params: IdParamsSchema, response: { 200: TreatmentSchema, ...errorResponses } },
    handler: (request) => treatments.get(actorOf(request), request.params.id),
  });

  app.patch('/treatment/:id', {
    config: { access: { permission: ['treatments', 'update'] } },
    schema: { tags: ['treatments'], params: IdParamsSchema, body: UpdateTreatmentRequestSchema, response: { 200: TreatmentSchema, ...errorResponses } },
    handler: (request) => treatments.update(actorOf(request), request.params.id, request.body),
  });

  app.delete('/treatment/:id', {
    config: { access: { permission: ['treatments', 'delete'] } },
    schema: { tags: ['treatments'], params: IdParamsSchema, response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await treatments.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}
