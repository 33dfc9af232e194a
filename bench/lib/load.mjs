// Load with autocannon that keeps every response's latency, for percentiles autocannon does not give (p95).
import autocannon from 'autocannon';
import { percentile } from './server.mjs';

/** Requests at `connections` connections for `duration` seconds, each to the path nextPath() gives. */
export async function pathLoad(base, token, nextPath, { connections, duration }) {
  const latencies = [];
  let errors = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration,
    headers: { authorization: `Bearer ${token}` },
    requests: [{ setupRequest: (request) => ({ ...request, method: 'GET', path: nextPath() }) }],
    setupClient: (client) => {
      client.on('response', (statusCode, _bytes, responseTime) => {
        if (statusCode !== 200) {
          if (errors === 0) console.error(`first failure: HTTP ${statusCode}`);
          errors += 1;
        }
        latencies.push(responseTime);
      });
    },
  });
  return { result, latencies, errors, connections, duration };
}

/** Prints a pathLoad run: requests, req/s, errors and latency percentiles. */
export function report(label, { result, latencies, errors, connections, duration }) {
  console.log(`${label}: ${latencies.length} requests in ${duration} s at ${connections} connections, ${result.requests.average.toFixed(0)} req/s, errors ${errors + result.errors + result.non2xx}`);
  console.log(`  latency ms: p50 ${percentile(latencies, 50).toFixed(1)}  p95 ${percentile(latencies, 95).toFixed(1)}  p99 ${percentile(latencies, 99).toFixed(1)}  max ${latencies.reduce((a, b) => Math.max(a, b), 0).toFixed(1)}`);
}
