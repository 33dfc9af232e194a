import { isSpanContextValid, trace } from '@opentelemetry/api';

/**
 * The trace id of the span active now, if any: inside a request's handling, the request's. Only
 * start-tracing.ts imports this (loading the API takes tens of milliseconds, for nothing when off).
 */
export function activeTraceId(): string | undefined {
  const context = trace.getActiveSpan()?.spanContext();
  return context && isSpanContextValid(context) ? context.traceId : undefined;
}
