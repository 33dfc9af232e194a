import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, IDEMPOTENCY_MESSAGES, type ErrorResponse } from '@clinic/domain';

export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'SUBSCRIPTION_REQUIRED'
  | 'PAYLOAD_TOO_LARGE'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'TOO_MANY_REQUESTS';

const STATUS: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  SUBSCRIPTION_REQUIRED: 402,
  PAYLOAD_TOO_LARGE: 413,
  IDEMPOTENCY_KEY_REUSED: 422,
  TOO_MANY_REQUESTS: 429,
};

/** The one error type services throw; the handler below turns it into the API's error shape. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly extra: { field?: string; errors?: { field: string; message: string }[]; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }
}

export const notFound = (message: string = AUTH_MESSAGES.notFound) => new AppError('NOT_FOUND', message);
export const forbidden = (message: string = AUTH_MESSAGES.forbidden) => new AppError('FORBIDDEN', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const badRequest = (field: string, message: string) => new AppError('BAD_REQUEST', message, { field });
/** An idempotency key sent again with a different request: replaying the first answer would hide that nothing was done. */
export const idempotencyKeyReused = () => new AppError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.keyReused, { field: 'idempotency_key' });
/** A 400 listing every field problem at once, worded like the schema's validation errors. */
export const invalidFields = (errors: { field: string; message: string }[]) =>
  new AppError('BAD_REQUEST', errors.map((e) => `${e.field}: ${e.message}`).join('; '), { errors });

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function fieldErrors(validation: ValidationIssue[], context: string | undefined) {
  return validation.map((issue) => {
    const path = issue.params?.issue?.path?.map(String).join('.') ?? issue.instancePath?.replace(/^\//, '').replace(/\//g, '.');
    const where = context === 'body' ? '' : `${context ?? 'request'}.`;
    return { field: `${where}${path ?? ''}`.replace(/\.$/, '') || (context ?? 'request'), message: issue.params?.issue?.message ?? issue.message ?? 'Invalid value' };
  });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: ErrorResponse;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation as ValidationIssue[], error.validationContext);
      const first = errors[0];
      body = {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: first ? `${first.field}: ${first.message}` : 'Invalid request',
        errors,
      };
    } else if (error instanceof AppError) {
      body = { statusCode: error.statusCode, code: error.code, message: error.message };
      if (error.extra.field) body.errors = [{ field: error.extra.field, message: error.message }];
      if (error.extra.errors) body.errors = error.extra.errors;
      if (error.extra.details) body.details = error.extra.details;
    } else if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type).
      body = { statusCode: error.statusCode, code: error.code ?? 'BAD_REQUEST', message: error.message };
    } else {
      request.log.error({ err: error, code: 'INTERNAL', route: request.routeOptions.url, method: request.method }, 'unhandled error');
      body = { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong. Please try again.', requestId: request.id };
    }
    return reply.status(body.statusCode).send(body);
  });
}
