import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Counter } from 'prom-client';
import type { JobQueueSummary } from '@clinic/domain';
import { setMetricsSink, type CountedEvent } from '../core/metrics';

/** What /metrics reads at each scrape besides the counters it keeps. */
export interface MetricsSources {
  /** The bearer token a scraper sends (METRICS_TOKEN). */
  token: string;
  /** Each job queue's counts by state (the Background Jobs page's overview). */
  jobQueues: () => Promise<JobQueueSummary[]>;
  /** E-mails written and not yet delivered. */
  pendingEmails: () => Promise<number>;
  /** The PostgreSQL pool's connections; null on the embedded database (one connection, no pool). */
  pool: (() => { total: number; idle: number; waiting: number }) | null;
}

function sameToken(given: string | undefined, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const actual = Buffer.from(given ?? '');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * /metrics in the Prometheus text format (issue 38; docs/operations.md, Metrics), loaded only when
 * METRICS_TOKEN is set and answered only with that bearer token: request rate and latency by route
 * and status, the database pool, job queues by state, ledger writes by kind, refused sign-ins, the
 * e-mail outbox's backlog, and the process (memory, CPU, event-loop lag: prom-client's defaults).
 */
export async function registerMetrics(app: FastifyInstance, sources: MetricsSources): Promise<void> {
  // Imported here, not at the top: the bundle would otherwise load prom-client in every server.
  const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = await import('prom-client');
  const register = new Registry();
  collectDefaultMetrics({ register });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  const counters: Record<CountedEvent, Counter> = {
    ledger_operations_total: new Counter({ name: 'ledger_operations_total', help: 'Rows the stock ledger wrote, by kind', labelNames: ['kind'], registers: [register] }),
    sign_in_failures_total: new Counter({ name: 'sign_in_failures_total', help: 'Sign-ins refused, by reason', labelNames: ['reason'], registers: [register] }),
  };
  setMetricsSink((event, labels, value) => counters[event].inc(labels, value));

  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting for one)',
    labelNames: ['state'] as const,
    registers: [register],
    collect() {
      const stats = sources.pool?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'job_queue_jobs',
    help: 'Jobs by queue and state (queued, active, retry, failed, completed); failed counts the failures kept',
    labelNames: ['queue', 'state'] as const,
    registers: [register],
    async collect() {
      const queues = await sources.jobQueues().catch(() => null);
      if (!queues) return;
      for (const q of queues) {
        for (const state of ['queued', 'active', 'retry', 'failed', 'completed'] as const) this.set({ queue: q.name, state }, q[state]);
      }
    },
  });
  new Gauge({
    name: 'email_outbox_pending',
    help: 'E-mails written and not yet delivered',
    registers: [register],
    async collect() {
      const pending = await sources.pendingEmails().catch(() => null);
      if (pending !== null) this.set(pending);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw path: one series per route, not per id.
    duration.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.addHook('onClose', async () => {
    setMetricsSink(null);
  });

  app.get('/metrics', { config: { access: 'public' } }, async (request, reply) => {
    if (!sameToken(request.headers.authorization, sources.token)) return reply.status(401).header('www-authenticate', 'Bearer').send({ statusCode: 401, error: 'Unauthorized', message: 'Send the metrics token as a bearer token' });
    return reply.header('content-type', register.contentType).send(await register.metrics());
  });
}
