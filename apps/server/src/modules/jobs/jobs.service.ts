import { pageWindow, toPage, type Job, type JobState, type JobListQuery, type JobQueueSummary, type JobsOverview, type Page } from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { conflict, notFound } from '../../core/errors';
import { isUniqueViolation } from '../../db/errors';
import { ALL_QUEUES } from '../../jobs/queues';
import { recordAudit } from '../audit/audit.writes';
import { countJobsByQueueAndState, findJob, listJobs, type JobListRow } from './jobs.repo';

export const JOB_MESSAGES = {
  notRetryable: 'Only a failed or cancelled job can be retried',
  alreadyWaiting: 'A run of this job is already waiting; it will go first',
} as const;

const iso = (value: Date | string) => new Date(value).toISOString();

function jobOf(row: JobListRow): Job {
  return {
    id: row.id,
    queue: row.name,
    state: row.state,
    attempts: row.attempts,
    max_attempts: row.max_attempts,
    created_at: iso(row.created_on),
    run_after: iso(row.start_after),
    finished_at: row.completed_on ? iso(row.completed_on) : null,
    error: row.error,
  };
}

/** The admin's view of the job engine: every queue's counts, the jobs themselves, and Retry. */
export function createJobsService(deps: Pick<ServiceDeps, 'db' | 'jobs'>) {
  const { db, jobs } = deps;
  return {
    async overview(): Promise<JobsOverview> {
      const counts = await countJobsByQueueAndState(db);
      const countOf = (name: string, state: JobState) => counts.find((c) => c.name === name && c.state === state)?.n ?? 0;
      const queues: JobQueueSummary[] = ALL_QUEUES.map((queue) => ({
        name: queue.name,
        label: queue.label,
        schedule: queue.cron ?? null,
        handled: jobs.handles(queue.name),
        queued: countOf(queue.name, 'created'),
        active: countOf(queue.name, 'active'),
        retry: countOf(queue.name, 'retry'),
        failed: countOf(queue.name, 'failed'),
        completed: countOf(queue.name, 'completed'),
      }));
      return { queues };
    },

    async list(query: JobListQuery): Promise<Page<Job>> {
      const { records, total } = await listJobs(db, { ...(query.queue ? { queue: query.queue } : {}), ...(query.state ? { state: query.state } : {}) }, pageWindow(query));
      return toPage(records.map(jobOf), total, query);
    },

    /** Sends a failed (or cancelled) job back to its queue, attempts counted anew. */
    async retry(actor: Actor, queue: string, id: string): Promise<Job> {
      const found = await findJob(db, queue, id);
      if (!found) throw notFound();
      if (found.state !== 'failed' && found.state !== 'cancelled') throw conflict(JOB_MESSAGES.notRetryable);
      try {
        await jobs.retry(queue, id);
      } catch (error) {
        // A scheduled queue keeps at most one run waiting.
        if (isUniqueViolation(error)) throw conflict(JOB_MESSAGES.alreadyWaiting);
        throw error;
      }
      await recordAudit(db, actor, { entity: 'job', entityId: id, action: 'retry', changes: { queue, error: found.error } });
      return jobOf((await findJob(db, queue, id))!);
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
