/**
 * The entry point (npm start, npm run dev, the tests' server processes), kept this small for
 * tracing (issue 38): OpenTelemetry's instrumentations patch http, fastify and pg as those modules
 * load, and a module's static imports all load before any of its code runs. So tracing starts
 * first, when it is on, and the server (server-main.ts, and with it fastify and pg) is imported
 * after. Off, nothing of the SDK is loaded: the check below is all tracing costs.
 */

import { listenForStop } from './stop-signal';

// The one read of process.env outside config/env.ts: it has to come before the configuration and
// everything the server imports are loaded. The SDK reads its own OTEL_* variables itself.
const tracingOn = Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT);
// A stop asked for while the modules below still load is kept for the server (stop-signal.ts).
const stop = listenForStop();

async function main(): Promise<void> {
  const tracing = tracingOn ? await (await import('./tracing/start-tracing')).startTracing() : null;
  const { runServer } = await import('./server-main');
  await runServer(tracing, stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
