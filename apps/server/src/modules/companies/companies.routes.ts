import { z } from 'zod';
import { CompanyListQuerySchema, CompanyPageSchema, CompanySchema, IdParamsSchema, UpdateCompanyRequestSchema } from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { CompaniesService } from './companies.service';

export function companiesRoutes(app: ZodApp, companies: CompaniesService): void {
  app.get('/company', {
    config: { access: { permission: ['companies', 'read'] } },
    schema: { tags: ['companies'], querystring: CompanyListQuerySchema, response: { 200: CompanyPageSchema, ...errorResponses } },
    handler: (request) => companies.list(actorOf(request), request.query),
  });

  app.get('/company/:id', {
    config: { access: { permission: ['companies', 'read'] } },
    schema: { tags: ['companies'], params: IdParamsSchema, response: { 200: CompanySchema, ...errorResponses } },
    handler: (request) => companies.get(actorOf(request), request.params.id),
  });

  app.patch('/company/:id', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['companies'], params: IdParamsSchema, body: UpdateCompanyRequestSchema, response: { 200: CompanySchema, ...errorResponses } },
    handler: (request) => companies.update(actorOf(request), request.params.id, request.body),
  });

  app.delete('/company/:id', {
    config: { access: { permission: ['companies', 'delete'] } },
    schema: { tags: ['companies'], params: IdParamsSchema, response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await companies.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}
