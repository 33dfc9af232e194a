import { sql } from 'drizzle-orm';
import { QUEUES } from '../../src/jobs/queues';
import type { TestApp } from '../setup/test-app';
import { queryRows } from '../setup/sql';
import { ALL, type Case } from './case';

/** The background jobs page: the product admin only (jobs are the whole installation's). */
const ADMIN_ONLY = (ok: number) => ({ anonymous: ALL(401), admin: ALL(ok), organization_admin: ALL(403), company_admin: ALL(403), company_member: ALL(403), assistant: ALL(403) });

/** A job that failed for good, as the engine leaves one after its last attempt. */
export async function failedJob(t: TestApp): Promise<string> {
  await t.jobs.send(QUEUES.productImport, { importId: 'finished-long-ago' });
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`update pgboss.job set state = 'failed', completed_on = now(), output = '{"message":"the file server did not answer"}'
         where id = (select id from pgboss.job where name = 'product-import' and state = 'created' order by created_on desc limit 1) returning id`,
  );
  return row!.id;
}

export const jobsCases: Record<string, Case> = {
  'GET /api/jobs': { build: () => ({ url: '/api/jobs' }), expect: ADMIN_ONLY(200) },
  'GET /api/jobs/list': { build: () => ({ url: '/api/jobs/list?state=failed' }), expect: ADMIN_ONLY(200) },
  'POST /api/jobs/:queue/:id/retry': {
    build: async (_w, t) => ({ url: `/api/jobs/product-import/${await failedJob(t)}/retry`, payload: {} }),
    expect: ADMIN_ONLY(200),
  },
};
