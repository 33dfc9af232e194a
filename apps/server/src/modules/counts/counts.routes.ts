import { AddFoundLotRequestSchema, CountAccuracySchema, CountLineParamsSchema, CountLinePageSchema, CountLineQuerySchema, CountLineSchema, CountListQuerySchema, CountPageSchema, CountSchema, IdParamsSchema, SaveCountLineRequestSchema, StartCountRequestSchema } from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { CountsService } from './counts.service';

// Issue 34: cycle counts of the signed-in location. Whoever reads stock reads counts and their
// variance; whoever may update stock counts and submits (members, assistants); the location's
// admins (who may update the location) start, approve and cancel.
export function countsRoutes(app: ZodApp, counts: CountsService): void {
  app.get('/counts', {
    config: { access: { permission: ['stock', 'read'] } },
    schema: { tags: ['counts'], querystring: CountListQuerySchema, response: { 200: CountPageSchema, ...errorResponses } },
    handler: (request) => counts.list(actorOf(request), request.query),
  });

  app.get('/counts/accuracy', {
    config: { access: { permission: ['stock', 'read'] } },
    schema: { tags: ['counts'], response: { 200: CountAccuracySchema, ...errorResponses } },
    handler: (request) => counts.accuracy(actorOf(request)),
  });

  app.post('/counts', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['counts'], body: StartCountRequestSchema, response: { 201: CountSchema, ...errorResponses } },
    handler: async (request, reply) => reply.status(201).send(await counts.start(actorOf(request), request.body)),
  });

  app.get('/counts/:id', {
    config: { access: { permission: ['stock', 'read'] } },
    schema: { tags: ['counts'], params: IdParamsSchema, response: { 200: CountSchema, ...errorResponses } },
    handler: (request) => counts.get(actorOf(request), request.params.id),
  });

  app.get('/counts/:id/lines', {
    config: { access: { permission: ['stock', 'read'] } },
    schema: { tags: ['counts'], params: IdParamsSchema, querystring: CountLineQuerySchema, response: { 200: CountLinePageSchema, ...errorResponses } },
    handler: (request) => counts.lines(actorOf(request), request.params.id, request.query),
  });

  app.put('/counts/:id/lines/:lineId', {
    config: { access: { permission: ['stock', 'update'] } },
    schema: { tags: ['counts'], params: CountLineParamsSchema, body: SaveCountLineRequestSchema, response: { 200: CountLineSchema, ...errorResponses } },
    handler: (request) => counts.saveLine(actorOf(request), request.params.id, request.params.lineId, request.body),
  });

  app.post('/counts/:id/found', {
    config: { access: { permission: ['stock', 'update'] } },
    schema: { tags: ['counts'], params: IdParamsSchema, body: AddFoundLotRequestSchema, response: { 201: CountLineSchema, ...errorResponses } },
    handler: async (request, reply) => reply.status(201).send(await counts.addFound(actorOf(request), request.params.id, request.body)),
  });

  app.post('/counts/:id/submit', {
    config: { access: { permission: ['stock', 'update'] } },
    schema: { tags: ['counts'], params: IdParamsSchema, response: { 200: CountSchema, ...errorResponses } },
    handler: (request) => counts.submit(actorOf(request), request.params.id),
  });

  app.post('/counts/:id/approve', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['counts'], params: IdParamsSchema, response: { 200: CountSchema, ...errorResponses } },
    handler: (request) => counts.approve(actorOf(request), request.params.id),
  });

  app.post('/counts/:id/cancel', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['counts'], params: IdParamsSchema, response: { 200: CountSchema, ...errorResponses } },
    handler: (request) => counts.cancel(actorOf(request), request.params.id),
  });

  app.get('/counts/:id/variance', {
    config: { access: { permission: ['stock', 'read'] } },
    schema: { tags: ['counts'], params: IdParamsSchema, produces: ['text/csv'] },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const csv = await counts.csv(actor, request.params.id);
      const name = await counts.fileName(actor, request.params.id);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(csv);
    },
  });
}
