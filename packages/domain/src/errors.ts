import { z } from './zod';

/** Every error the API sends has this shape; `errors` lists field problems on a 400. */
export const ErrorResponseSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
  requestId: z.string().optional(),
  /** The request's trace, when the server exports traces (OTEL_EXPORTER_OTLP_ENDPOINT). */
  traceId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
