import { IdParamsSchema, TrayProposalRequestSchema, TrayProposalSchema, VisitTrayProposalQuerySchema } from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { TrayProposalService } from './tray-proposal.service';

/** Issue 55: the tray a visit's words propose. Answers a draft only; recording the visit moves stock. */
export function trayProposalRoutes(app: ZodApp, proposals: TrayProposalService): void {
  app.post('/treatment_log/tray-proposal', {
    config: { access: { permission: ['treatmentLogs', 'create'] } },
    schema: { tags: ['treatment logs'], body: TrayProposalRequestSchema, response: { 200: TrayProposalSchema, ...errorResponses } },
    handler: (request) => proposals.forChair(actorOf(request), request.body),
  });

  app.get('/treatment_log/:id/tray-proposal', {
    config: { access: { permission: ['treatmentLogs', 'update'] } },
    schema: { tags: ['treatment logs'], params: IdParamsSchema, querystring: VisitTrayProposalQuerySchema, response: { 200: TrayProposalSchema, ...errorResponses } },
    handler: (request) => proposals.forVisit(actorOf(request), request.params.id, request.query),
  });
}
