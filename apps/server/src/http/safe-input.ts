import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findUnsafeText, isNestedTooDeeply, NESTED_TOO_DEEPLY_MESSAGE, UNSAFE_TEXT_MESSAGE } from '@clinic/domain';
import { badRequest, invalidFields } from '../core/errors';

/**
 * Refuses what no schema or SQL should see, before either does: a query or JSON body nested
 * deeper than any payload the API takes (the recursive checks after it overflowed the stack and
 * answered 500), and NUL characters and unpaired surrogates anywhere in a request's parameters,
 * query or body (PostgreSQL cannot store them, and answered 500). The depth is checked first and
 * without recursion, so the text walk below only ever sees shallow input.
 * Fields are named as the validation errors name them: body fields bare, the rest prefixed.
 * A callback hook rather than an async one: it runs on every request and waits for nothing.
 */
export function registerSafeInput(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => done(tooDeep(request) ?? unsafeInput(request)));
}

function tooDeep(request: FastifyRequest): Error | undefined {
  // Fastify's query parser builds one flat level (repeated keys become an array of strings), but
  // the check costs nothing there and keeps holding if the parser is ever changed.
  if (isNestedTooDeeply(request.body)) return invalidFields([{ field: 'body', message: NESTED_TOO_DEEPLY_MESSAGE }]);
  if (isNestedTooDeeply(request.query)) return invalidFields([{ field: 'querystring', message: NESTED_TOO_DEEPLY_MESSAGE }]);
  return undefined;
}

function unsafeInput(request: FastifyRequest): Error | undefined {
  return unsafePart('params.', request.params) ?? unsafePart('querystring.', request.query) ?? unsafePart('', request.body);
}

function unsafePart(prefix: string, value: unknown): Error | undefined {
  const path = findUnsafeText(value);
  return path ? badRequest(`${prefix}${path.join('.')}`.replace(/\.$/, '') || 'body', UNSAFE_TEXT_MESSAGE) : undefined;
}
