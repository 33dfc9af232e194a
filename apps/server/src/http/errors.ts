import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@clinic/domain';
import { AppError } from '../core/errors';

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

/** `traceId`: the active span's trace id when tracing is on, so a 500 answer names its trace beside the request id. */
export function registerErrorHandler(app: FastifyInstance, traceId?: () => string | undefined): void {
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
      const trace = traceId?.();
      if (trace) body.traceId = trace;
    }
    return reply.status(body.statusCode).send(body);
  });
}
