import type { FastifyInstance } from 'fastify';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '@clinic/domain';
import { badRequest } from '../core/errors';

/**
 * Refuses NUL characters and unpaired surrogates anywhere in a request's parameters, query or
 * JSON body before any schema or SQL sees them (PostgreSQL cannot store them, and answered 500).
 * Fields are named as the validation errors name them: body fields bare, the rest prefixed.
 */
export function registerSafeInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts: [string, unknown][] = [['params.', request.params], ['querystring.', request.query], ['', request.body]];
    for (const [prefix, value] of parts) {
      const path = findUnsafeText(value);
      if (path) throw badRequest(`${prefix}${path.join('.')}`.replace(/\.$/, '') || 'body', UNSAFE_TEXT_MESSAGE);
    }
  });
}
