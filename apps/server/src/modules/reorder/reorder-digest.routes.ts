import { DigestOffQuerySchema, REORDER_MESSAGES, ReorderDigestSchema } from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { ReorderDigestService } from './reorder-digest.service';

/** The off link's answer: a page a person reads in the browser, naming nothing but the outcome. */
const page = (message: string, appUrl: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reorder digest e-mail</title></head>` +
  `<body><main><h1>Reorder digest e-mail</h1><p>${message}</p><p><a href="${appUrl}/">Open Clinic Inventory</a></p></main></body></html>`;

// Issue 35: the reorder digest e-mail, each location admin's own choice (who may update the
// location); the e-mail's off link works without signing in, its token being the permission.
export function reorderDigestRoutes(app: ZodApp, digest: ReorderDigestService, appUrl: string): void {
  app.get('/reorder/digest', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['reorder'], response: { 200: ReorderDigestSchema, ...errorResponses } },
    handler: (request) => digest.choice(actorOf(request)),
  });

  app.put('/reorder/digest', {
    config: { access: { permission: ['companies', 'update'] } },
    schema: { tags: ['reorder'], body: ReorderDigestSchema, response: { 200: ReorderDigestSchema, ...errorResponses } },
    handler: (request) => digest.choose(actorOf(request), request.body),
  });

  app.get('/reorder/digest/off', {
    config: { access: 'public' },
    schema: { tags: ['reorder'], querystring: DigestOffQuerySchema, produces: ['text/html'] },
    handler: async (request, reply) => {
      const done = await digest.turnOff(request.query.token);
      return reply
        .status(done ? 200 : 404)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page(done ? REORDER_MESSAGES.digestTurnedOff : REORDER_MESSAGES.digestLinkUnknown, appUrl));
    },
  });
}
