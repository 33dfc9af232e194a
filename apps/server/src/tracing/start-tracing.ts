import { register } from 'node:module';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { NodeSDK, resources } from '@opentelemetry/sdk-node';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { activeTraceId } from './active-trace-id';
import { hideQueryValues, pathWithoutQuery } from './query-values-hidden';

/** What the server is handed when tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT). */
export interface Tracing {
  /** The trace id of the span active now (a request's, inside its handling), for log lines and 500 answers. */
  activeTraceId: () => string | undefined;
  /** Sends the spans still batched (at shutdown), giving up after FLUSH_MS. */
  shutdown: () => Promise<void>;
}

/** The service name unless OTEL_SERVICE_NAME (or service.name in OTEL_RESOURCE_ATTRIBUTES) says otherwise. */
const SERVICE_NAME = 'clinic-inventory';

/**
 * Starts OpenTelemetry's Node SDK: spans of incoming and outgoing http requests, of Fastify's
 * request handling (hooks, handler) and of pg's queries, exported over OTLP to
 * OTEL_EXPORTER_OTLP_ENDPOINT. Everything else comes from the standard OTEL_* variables the SDK
 * reads (protocol, headers, sampler, batching, resource attributes). Only traces: the metrics are
 * /metrics (METRICS_TOKEN) and the logs stdout, so the SDK's metric and log exporters stay off.
 * main.ts calls this before the server's modules load.
 */
export async function startTracing(): Promise<Tracing> {
  // The server and its packages are ES modules: an import, unlike a require, is seen only through a
  // loader hook. import-in-the-middle's hook wraps only the modules an instrumentation asks for
  // (the message channel tells it which), not every module the server loads.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const sdk = new NodeSDK({
    // The detected resource (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, host, process) is merged over this one.
    resource: resources.defaultResource().merge(resources.resourceFromAttributes({ 'service.name': SERVICE_NAME })),
    instrumentations: [
      new HttpInstrumentation({ requestHook: hideQueryValues }),
      // Fastify's spans through its diagnostics channel: the plugin joins every instance at its creation.
      new FastifyOtelInstrumentation({ registerOnInitialization: true, requestHook: pathWithoutQuery }),
      // Queries inside a traced request only: the job engine polls its queues every 2 s, and each
      // poll's queries would otherwise be a trace of their own, around the clock.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();
  return { activeTraceId, shutdown: () => withinMs(sdk.shutdown(), FLUSH_MS) };
}

/**
 * How long the last spans may take to go out at shutdown: against a collector that is down the
 * exporter retries for longer, and the process would wait for it.
 */
const FLUSH_MS = 3_000;

function withinMs(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`traces not sent within ${String(ms)} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
