import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createWorld, type World } from '../../../test/world';
import { failedJob } from '../../../test/authorization/jobs.cases';
import { queryRows } from '../../../test/setup/sql';
import { QUEUES } from '../../jobs/queues';

let t: TestApp;
let world: World;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db);
  admin = t.tokenFor(world.admin);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.request({ method: 'GET', url, token: admin });

describe('background jobs (product admin)', () => {
  it('counts every queue by state, names its schedule, and says which ones no server here runs', async () => {
    const id = await failedJob(t);
    const overview = (await get('/api/jobs')).json<{ queues: { name: string; label: string; schedule: string | null; handled: boolean; failed: number; queued: number }[] }>();
    expect(overview.queues.map((q) => q.name)).toEqual([
      'email',
      'product-import',
      'case-notes',
      'alert-scan',
      'trial-reminders',
      'vendor-orders',
      'reorder-forecast',
      'reorder-forecast-location',
      'reorder-digest',
      'reorder-digest-location',
      'pms-sync',
      'pms-sync-location',
      'upload-sweep',
    ]);
    expect(overview.queues.find((q) => q.name === 'alert-scan')).toMatchObject({ label: 'Expiry and stock alert scan', schedule: '*/15 * * * *', handled: true });
    // No SMTP_URL in this app: e-mails wait in the outbox.
    expect(overview.queues.find((q) => q.name === 'email')).toMatchObject({ handled: false, schedule: null });
    expect(overview.queues.find((q) => q.name === 'product-import')!.failed).toBeGreaterThanOrEqual(1);
    const failed = (await get('/api/jobs/list?state=failed&queue=product-import')).json<{ results: { id: string; state: string; error: string; attempts: number; max_attempts: number }[]; total: number }>();
    expect(failed.results.find((j) => j.id === id)).toMatchObject({ state: 'failed', error: 'the file server did not answer', max_attempts: 3 });
  });

  it('lists what needs a look by default, newest first, a page at a time', async () => {
    for (let n = 0; n < 3; n += 1) await t.jobs.send(QUEUES.productImport, { importId: `queued-${String(n)}` });
    const page = (await get('/api/jobs/list?perPage=2')).json<{ results: { state: string; created_at: string }[]; total: number; lastPage: number }>();
    expect(page.results).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.results.every((j) => ['failed', 'retry', 'created', 'active'].includes(j.state))).toBe(true);
    expect(page.results[0]!.created_at >= page.results[1]!.created_at).toBe(true);
    expect((await get('/api/jobs/list?state=completed')).json<{ results: unknown[] }>().results.every((j) => (j as { state: string }).state === 'completed')).toBe(true);
  });

  it('sends a failed job back to its queue, once, and audits it', async () => {
    const id = await failedJob(t);
    const retried = await t.request({ method: 'POST', url: `/api/jobs/product-import/${id}/retry`, token: admin, payload: {} });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id, state: 'retry' });
    const again = await t.request({ method: 'POST', url: `/api/jobs/product-import/${id}/retry`, token: admin, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a failed or cancelled job can be retried');
    const audit = await queryRows<{ action: string }>(t.db, sql`select action from audit_log where entity = 'job' and entity_id = ${id}`);
    expect(audit).toEqual([{ action: 'retry' }]);
  });

  it('answers 404 for a job of another queue or none, and 400 for what is not a queue or an id', async () => {
    const id = await failedJob(t);
    expect((await t.request({ method: 'POST', url: `/api/jobs/email/${id}/retry`, token: admin, payload: {} })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: '/api/jobs/product-import/00000000-0000-4000-8000-000000000000/retry', token: admin, payload: {} })).statusCode).toBe(404);
    const bad = await t.request({ method: 'POST', url: `/api/jobs/Not%20A%20Queue/${id}/retry`, token: admin, payload: {} });
    expect(bad.statusCode).toBe(400);
    expect((await get('/api/jobs/list?state=lost')).statusCode).toBe(400);
  });
});
