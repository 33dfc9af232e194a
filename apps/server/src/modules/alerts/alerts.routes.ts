import { z } from 'zod';
import { AlertListQuerySchema, AlertPageSchema, IdParamsSchema } from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { AlertsService } from './alerts.service';

export function alertsRoutes(app: ZodApp, alerts: AlertsService): void {
  app.get('/alert', {
    config: { access: { permission: ['alerts', 'read'] } },
    schema: { tags: ['alerts'], querystring: AlertListQuerySchema, response: { 200: AlertPageSchema, ...errorResponses } },
    handler: (request) => alerts.list(actorOf(request), request.query),
  });

  app.post('/alert/:id/dismiss', {
    config: { access: { permission: ['alerts', 'update'] } },
    schema: { tags: ['alerts'], params: IdParamsSchema, response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await alerts.dismiss(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}
