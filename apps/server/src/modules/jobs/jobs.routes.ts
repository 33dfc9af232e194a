import { JobListQuerySchema, JobPageSchema, JobParamsSchema, JobSchema, JobsOverviewSchema } from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { JobsService } from './jobs.service';

/** The background jobs page: the product admin only (the jobs of every organization run here). */
export function jobsRoutes(app: ZodApp, jobs: JobsService): void {
  app.get('/jobs', {
    config: { access: { adminOnly: true } },
    schema: { tags: ['jobs'], response: { 200: JobsOverviewSchema, ...errorResponses } },
    handler: () => jobs.overview(),
  });

  app.get('/jobs/list', {
    config: { access: { adminOnly: true } },
    schema: { tags: ['jobs'], querystring: JobListQuerySchema, response: { 200: JobPageSchema, ...errorResponses } },
    handler: (request) => jobs.list(request.query),
  });

  app.post('/jobs/:queue/:id/retry', {
    config: { access: { adminOnly: true } },
    schema: { tags: ['jobs'], params: JobParamsSchema, response: { 200: JobSchema, ...errorResponses } },
    handler: (request) => jobs.retry(actorOf(request), request.params.queue, request.params.id),
  });
}
