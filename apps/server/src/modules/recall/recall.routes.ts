import { RecallContactParamsSchema, RecallContactSchema, RecallQuerySchema, RecallSchema, recallTarget } from '@clinic/domain';
import { z } from 'zod';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { RecallService } from './recall.service';

/** The recall file's name: recall-<lot>.csv, recall-serial-<serial>.csv, recall-udi-di-<gtin>.csv. */
function fileName(query: Parameters<typeof recallTarget>[0]): string {
  const { by, value } = recallTarget(query);
  const prefix = by === 'lot' ? 'recall' : by === 'serial' ? 'recall-serial' : 'recall-udi-di';
  return `${prefix}-${value.replace(/[^\w.-]+/g, '_')}.csv`;
}

/**
 * Recall tracing: reading visits, so it needs patients.read. Marking a patient contacted writes to
 * the patient's care record: it needs what a clinician who records visits has (treatmentLogs.create).
 * The recall is the query (?lot=, ?serial= or ?udi_di=), the patient the path.
 */
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
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName(request.query)}"`).send(csv);
    },
  });

  app.put('/recall/contacts/:patient_id', {
    config: { access: { permission: ['treatmentLogs', 'create'] } },
    schema: { tags: ['recall'], params: RecallContactParamsSchema, querystring: RecallQuerySchema, response: { 200: RecallContactSchema, ...errorResponses } },
    handler: (request) => recall.markContacted(actorOf(request), request.query, request.params.patient_id),
  });

  app.delete('/recall/contacts/:patient_id', {
    config: { access: { permission: ['treatmentLogs', 'create'] } },
    schema: { tags: ['recall'], params: RecallContactParamsSchema, querystring: RecallQuerySchema, response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await recall.unmarkContacted(actorOf(request), request.query, request.params.patient_id);
      return reply.status(204).send(null);
    },
  });
}
