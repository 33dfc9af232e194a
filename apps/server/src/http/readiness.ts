import { z } from 'zod';
import type { Db } from '../db/client';
import { knownMigrations, migrationLevel } from '../db/migration-level';
import { ping } from '../db/ping';
import type { ZodApp } from './zod-app';

/** How long the database may take to answer `select 1` before the process is not ready. */
const DATABASE_TIMEOUT_MS = 2_000;

export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    database: z.enum(['ok', 'unreachable']),
    migrations: z.enum(['ok', 'pending', 'unknown']),
    jobs: z.enum(['ok', 'not_started']),
  }),
});
export type Readiness = z.infer<typeof ReadinessSchema>;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${String(ms)} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Whether this process can take traffic: the database answers, every migration this build ships
 * is applied (a newer process on an older schema, or the other way, is not ready), and its job
 * engine runs. Says what is missing, nothing of the data.
 */
export async function checkReadiness(db: Db, jobs: { isWorking(): boolean }): Promise<Readiness> {
  const checks: Readiness['checks'] = { database: 'ok', migrations: 'ok', jobs: jobs.isWorking() ? 'ok' : 'not_started' };
  try {
    await within(ping(db), DATABASE_TIMEOUT_MS);
    const level = await within(migrationLevel(db), DATABASE_TIMEOUT_MS);
    const shipped = knownMigrations();
    if (level.applied < shipped.length) checks.migrations = 'pending';
    else if (level.latest !== shipped[shipped.length - 1]!.tag) checks.migrations = 'unknown';
  } catch {
    checks.database = 'unreachable';
    checks.migrations = 'unknown';
  }
  const ready = checks.database === 'ok' && checks.migrations === 'ok' && checks.jobs === 'ok';
  return { status: ready ? 'ready' : 'not_ready', checks };
}

/**
 * GET /api/ready, the readiness check a load balancer or orchestrator routes by (issue 38): 200
 * when ready, else 503 with what is missing. Public like /api/health, which stays the liveness
 * check (the process answers at all).
 */
export function readinessRoutes(app: ZodApp, db: Db, jobs: { isWorking(): boolean }): void {
  app.get('/ready', {
    config: { access: 'public' },
    schema: { tags: ['health'], response: { 200: ReadinessSchema, 503: ReadinessSchema } },
    handler: async (_request, reply) => {
      const readiness = await checkReadiness(db, jobs);
      return reply.status(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  });
}
