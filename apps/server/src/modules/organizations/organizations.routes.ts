import { z } from 'zod';
import {
  ChangeCustomPriceRequestSchema,
  CompanySchema,
  CreateLocationRequestSchema,
  IdParamsSchema,
  OrganizationListQuerySchema,
  OrganizationPageSchema,
  OrganizationSchema,
  UpdateOrganizationRequestSchema,
} from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { OrganizationsService } from './organizations.service';

export function organizationsRoutes(app: ZodApp, organizations: OrganizationsService): void {
  app.get('/organization', {
    config: { access: { permission: ['organizations', 'read'] } },
    schema: { tags: ['organizations'], querystring: OrganizationListQuerySchema, response: { 200: OrganizationPageSchema, ...errorResponses } },
    handler: (request) => organizations.list(actorOf(request), request.query),
  });

  app.get('/organization/:id', {
    config: { access: { permission: ['organizations', 'read'], allowPending: true, allowUnsubscribed: true } },
    schema: { tags: ['organizations'], params: IdParamsSchema, response: { 200: OrganizationSchema, ...errorResponses } },
    handler: (request) => organizations.get(actorOf(request), request.params.id),
  });

  app.patch('/organization/:id', {
    config: { access: { permission: ['organizations', 'update'] } },
    schema: { tags: ['organizations'], params: IdParamsSchema, body: UpdateOrganizationRequestSchema, response: { 200: OrganizationSchema, ...errorResponses } },
    handler: (request) => organizations.update(actorOf(request), request.params.id, request.body),
  });

  app.delete('/organization/:id', {
    config: { access: { permission: ['organizations', 'delete'], adminOnly: true } },
    schema: { tags: ['organizations'], params: IdParamsSchema, response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await organizations.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.patch('/organization/:id/change-custom-price', {
    config: { access: { adminOnly: true } },
    schema: { tags: ['organizations'], params: IdParamsSchema, body: ChangeCustomPriceRequestSchema, response: { 200: OrganizationSchema, ...errorResponses } },
    handler: (request) => organizations.changeCustomPrice(actorOf(request), request.params.id, request.body.customPrice),
  });

  app.post('/organization/:id/location', {
    config: { access: { permission: ['companies', 'create'] } },
    schema: { tags: ['organizations'], params: IdParamsSchema, body: CreateLocationRequestSchema, response: { 201: CompanySchema, ...errorResponses } },
    handler: async (request, reply) => reply.status(201).send(await organizations.addLocation(actorOf(request), request.params.id, request.body)),
  });
}
