// An open-loop load: requests leave at a steady rate whatever the answers' speed, as a clinic
// group's devices do, so a slow answer does not hold the next request back (autocannon's rate
// option sends each second's quota in a burst instead). Latency counts from the moment a request
// was due, so a client falling behind shows in the figures rather than hiding them.
import http from 'node:http';

/**
 * Sends `rate` requests a second for `durationS` seconds; `next(i)` gives the i-th request as
 * { method, path, headers, body }. Resolves once every answer is in, with the latencies (ms) and
 * the count of each status (0 for a connection error).
 */
export async function pacedLoad(base, { rate, durationS, next }) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * durationS);
  const latencies = [];
  /** [seconds into the run the request was due, latency ms]: where in the run slow answers fell. */
  const timeline = [];
  const statuses = new Map();
  const count = (status) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const inFlight = [];
  const started = performance.now();

  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const request = next(i);
    inFlight.push(
      new Promise((resolve) => {
        const req = http.request(
          { host: url.hostname, port: url.port, agent, method: request.method, path: request.path, headers: request.headers },
          (res) => {
            res.resume();
            res.on('end', () => {
              latencies.push(performance.now() - due);
              timeline.push([(due - started) / 1000, performance.now() - due]);
              count(res.statusCode);
              resolve();
            });
          },
        );
        req.on('error', () => {
          latencies.push(performance.now() - due);
          count(0);
          resolve();
        });
        req.end(request.body);
      }),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  return { seconds: (performance.now() - started) / 1000, latencies, statuses, timeline };
}
