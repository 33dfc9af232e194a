import {
  CreateProductImportRequestSchema,
  FixImportRowRequestSchema,
  IdParamsSchema,
  PageQuerySchema,
  ProductImportDetailSchema,
  ProductImportPageSchema,
  ProductImportRowSchema,
  ProductImportRowsQuerySchema,
  ProductImportSchema,
  CreateTreatmentImportRequestSchema,
  TreatmentImportResultSchema,
} from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { ImportsService } from './imports.service';
import type { TreatmentImportService } from './treatment-import';

export function importsRoutes(app: ZodApp, imports: ImportsService, treatmentImport: TreatmentImportService): void {
  // Treatment designs for one location, answered at once: every row with its result.
  app.post('/import/treatment', {
    config: { access: { permission: ['import', 'create'] } },
    schema: { tags: ['import'], body: CreateTreatmentImportRequestSchema, response: { 200: TreatmentImportResultSchema, ...errorResponses } },
    handler: (request) => treatmentImport.run(actorOf(request), request.body),
  });

  app.post('/import/product', {
    config: { access: { permission: ['import', 'create'] } },
    schema: { tags: ['import'], body: CreateProductImportRequestSchema, response: { 202: ProductImportSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const created = await imports.create(actorOf(request), request.body);
      // Start now in this process; the workers of other processes would pick it up too.
      imports.kick();
      return reply.status(202).send(created);
    },
  });

  app.get('/import/product', {
    config: { access: { permission: ['import', 'read'] } },
    schema: { tags: ['import'], querystring: PageQuerySchema, response: { 200: ProductImportPageSchema, ...errorResponses } },
    handler: (request) => imports.list(actorOf(request), request.query),
  });

  app.get('/import/product/:id', {
    config: { access: { permission: ['import', 'read'] } },
    schema: { tags: ['import'], params: IdParamsSchema, querystring: ProductImportRowsQuerySchema, response: { 200: ProductImportDetailSchema, ...errorResponses } },
    handler: (request) => imports.get(actorOf(request), request.params.id, request.query),
  });

  app.patch('/import/product/csv_product/:id', {
    config: { access: { permission: ['import', 'update'] } },
    schema: { tags: ['import'], params: IdParamsSchema, body: FixImportRowRequestSchema, response: { 200: ProductImportRowSchema, ...errorResponses } },
    handler: (request) => imports.fixRow(actorOf(request), request.params.id, request.body),
  });
}
