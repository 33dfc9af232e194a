import { RecallQuerySchema, RecallSchema } from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { RecallService } from './recall.service';

/** Recall tracing: reading visits, so it needs patients.read. */
export function recallRoutes(app: ZodApp, recall: RecallService): void {
  app.get('/recall', {
    config: { access: { permission: ['patients', 'read'] } },
    schema: { tags: ['recall'], querystring: RecallQuerySchema, response: { 200: RecallSchema, ...errorResponses } },
    handler: (request) => recall.trace(actorOf(request), request.query),
  });

  app.get('/recall/export', {
    config: { access: { permission: ['patients', 'read'] } },
    schema: { tags: ['recall'], querystring: RecallQuerySchema, produces: ['text/csv'] },
    handler: async (request, reply) => {
      const csv = await recall.csv(actorOf(request), request.query);
      const name = `recall-${request.query.lot.replace(/[^\w.-]+/g, '_')}.csv`;
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(csv);
    },
  });
}
