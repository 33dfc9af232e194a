import type { ClientRequest, IncomingMessage } from 'node:http';
import type { Span } from '@opentelemetry/api';

/**
 * The instrumentations' request hooks: a request's spans keep its query string's names, not its
 * values (`search=REDACTED`). The values are what people typed (a patient's name in a search),
 * kept out of traces as they are out of the logs (http/log-safety.ts).
 */

/** http's server span: `url.query` with the names only. */
export function hideQueryValues(span: Span, request: ClientRequest | IncomingMessage): void {
  // The hook sees outgoing requests too (ClientRequest): their URLs are the services the server calls.
  if (!isIncoming(request)) return;
  const query = request.url?.split('?')[1];
  if (!query) return;
  const names = [...new URLSearchParams(query).keys()];
  span.setAttribute('url.query', names.map((name) => `${encodeURIComponent(name)}=REDACTED`).join('&'));
}

/** Fastify's request span: `url.path` is the path (@fastify/otel writes the whole URL, query and all). */
export function pathWithoutQuery(span: Span, request: { url: string }): void {
  span.setAttribute('url.path', request.url.split('?')[0]!);
}

// By shape: a value import of node:http here would load it before the instrumentation is on.
function isIncoming(request: ClientRequest | IncomingMessage): request is IncomingMessage {
  return 'httpVersion' in request;
}
