import { AuditPageSchema, AuditQuerySchema } from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { AuditService } from './audit.service';

/**
 * The audit trail: the product admin and organization admins (core/access.ts auditScope decides
 * whose rows; everyone else 403). No feature permission: the role is the permission.
 */
export function auditRoutes(app: ZodApp, audit: AuditService): void {
  app.get('/audit', {
    config: { access: {} },
    schema: { tags: ['audit'], querystring: AuditQuerySchema, response: { 200: AuditPageSchema, ...errorResponses } },
    handler: (request) => audit.list(actorOf(request), request.query),
  });

  app.get('/audit/export', {
    config: { access: {} },
    schema: { tags: ['audit'], querystring: AuditQuerySchema, produces: ['text/csv'] },
    handler: async (request, reply) => {
      const csv = await audit.csv(actorOf(request), request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="audit-${day}.csv"`).send(csv);
    },
  });
}
