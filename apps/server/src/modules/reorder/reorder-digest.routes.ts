import { DigestOffQuerySchema, REORDER_MESSAGES, ReorderDigestSchema } from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { FastifyReply } from 'fastify';
import type { ReorderDigestService } from './reorder-digest.service';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
const shell = (body: string, appUrl: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reorder digest e-mail</title></head>` +
  `<body><main><h1>Reorder digest e-mail</h1>${body}<p><a href="${appUrl}/">Open Clinic Inventory</a></p></main></body></html>`;
/** The off link's answer: a page a person reads in the browser, naming nothing but the outcome. */
const page = (message: string, appUrl: string) => shell(`<p>${message}</p>`, appUrl);
/**
 * What the link opens: a button that turns the digest off. Opening the link changes nothing, so a
 * mail system that opens links to scan them does not turn anyone's digest off.
 */
const confirmPage = (token: string, appUrl: string) =>
  shell(`<p>${REORDER_MESSAGES.digestConfirmOff}</p><form method="post" action="/api/reorder/digest/off?token=${escapeHtml(encodeURIComponent(token))}"><button type="submit">Turn off the digest</button></form>`, appUrl);

const html = (reply: FastifyReply, status: number, body: string) => reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

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
      const known = await digest.knowsToken(request.query.token);
      return html(reply, known ? 200 : 404, known ? confirmPage(request.query.token, appUrl) : page(REORDER_MESSAGES.digestLinkUnknown, appUrl));
    },
  });

  // The confirm page's button (and one-click unsubscribe, RFC 8058, which posts to the link).
  app.post('/reorder/digest/off', {
    config: { access: 'public' },
    schema: { tags: ['reorder'], querystring: DigestOffQuerySchema, produces: ['text/html'] },
    handler: async (request, reply) => {
      const done = await digest.turnOff(request.query.token);
      return html(reply, done ? 200 : 404, page(done ? REORDER_MESSAGES.digestTurnedOff : REORDER_MESSAGES.digestLinkUnknown, appUrl));
    },
  });
}
