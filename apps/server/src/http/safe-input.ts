import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '@clinic/domain';
import { badRequest } from '../core/errors';

/**
 * Refuses NUL characters and unpaired surrogates anywhere in a request's parameters, query or
 * JSON body before any schema or SQL sees them (PostgreSQL cannot store them, and answered 500).
 * Fields are named as the validation errors name them: body fields bare, the rest prefixed.
 * A callback hook rather than an async one: it runs on every request and waits for nothing.
 */
export function registerSafeInput(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => done(unsafeInput(request)));
}

function unsafeInput(request: FastifyRequest): Error | undefined {
  return unsafePart('params.', request.params) ?? unsafePart('querystring.', request.query) ?? unsafePart('', request.body);
}

function unsafePart(prefix: string, value: unknown): Error | undefined {
  const path = findUnsafeText(value);
  return path ? badRequest(`${prefix}${path.join('.')}`.replace(/\.$/, '') || 'body', UNSAFE_TEXT_MESSAGE) : undefined;
}
