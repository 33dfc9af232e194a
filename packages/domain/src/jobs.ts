import { z } from './zod';
import { IsoDateTimeSchema, UuidSchema } from './fields';
import { PageQuerySchema, pageOf } from './pagination';

/**
 * The background jobs page (product admin): each queue of the job engine with how many of its
 * jobs wait, run, wait to be tried again or failed, and the jobs themselves.
 */
export const JOB_STATES = {
  created: 'Queued',
  retry: 'Waiting to retry',
  active: 'Running',
  completed: 'Done',
  cancelled: 'Cancelled',
  failed: 'Failed',
} as const;
export type JobState = keyof typeof JOB_STATES;
export const JobStateSchema = z.enum(Object.keys(JOB_STATES) as [JobState, ...JobState[]]);

/** Queue names are the engine's (a letter, then letters, digits and dashes). */
export const JobQueueNameSchema = z.string().regex(/^[a-z][a-z0-9-]{0,49}$/, 'Not a job queue');

export const JobQueueSummarySchema = z.object({
  name: z.string(),
  label: z.string(),
  /** Cron schedule (UTC) when the queue also runs by itself, else null. */
  schedule: z.string().nullable(),
  /** False when no server here runs this queue (e-mail without SMTP_URL): its jobs wait. */
  handled: z.boolean(),
  queued: z.number().int(),
  active: z.number().int(),
  retry: z.number().int(),
  failed: z.number().int(),
  completed: z.number().int(),
});
export type JobQueueSummary = z.infer<typeof JobQueueSummarySchema>;

export const JobsOverviewSchema = z.object({ queues: z.array(JobQueueSummarySchema) });
export type JobsOverview = z.infer<typeof JobsOverviewSchema>;

export const JobSchema = z.object({
  id: UuidSchema,
  queue: z.string(),
  state: JobStateSchema,
  /** Attempts made so far (a waiting job has made none). */
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  created_at: IsoDateTimeSchema,
  /** When it may run (next): later than created for a retry waiting out its backoff. */
  run_after: IsoDateTimeSchema,
  finished_at: IsoDateTimeSchema.nullable(),
  /** The last attempt's error, in words (no stack). */
  error: z.string().nullable(),
});
export type Job = z.infer<typeof JobSchema>;

export const JobPageSchema = pageOf(JobSchema);

/** GET /api/jobs/list: newest first; by default the jobs needing attention (failed, retrying, queued). */
export const JobListQuerySchema = PageQuerySchema.extend({
  queue: JobQueueNameSchema.optional(),
  state: JobStateSchema.optional(),
});
export type JobListQuery = z.infer<typeof JobListQuerySchema>;

export const JobParamsSchema = z.object({ queue: JobQueueNameSchema, id: UuidSchema });
