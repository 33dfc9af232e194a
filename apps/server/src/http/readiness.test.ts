import { createDatabase } from '../db/client';
import { createTestApp } from '../../test/setup/test-app';
import { checkReadiness } from './readiness';

// Issue 38: GET /api/ready is 200 only when the database answers, every migration is applied and
// the job engine runs; otherwise 503 with what is missing. /api/health stays the liveness check.
const running = { isWorking: () => true };

it('answers 503 naming the job engine in a process that runs no jobs, and names nothing of the data', async () => {
  const t = await createTestApp();
  try {
    const res = await t.request({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not_ready', checks: { database: 'ok', migrations: 'ok', jobs: 'not_started' } });
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // Its own check with the engine running: ready.
    expect(await checkReadiness(t.db, running)).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } });
  } finally {
    await t.close();
  }
});

it('is not ready before the migrations, nor with the database down', async () => {
  const bare = await createDatabase({});
  expect(await checkReadiness(bare.db, running)).toEqual({ status: 'not_ready', checks: { database: 'ok', migrations: 'pending', jobs: 'ok' } });
  await bare.close();
  expect(await checkReadiness(bare.db, running)).toEqual({ status: 'not_ready', checks: { database: 'unreachable', migrations: 'unknown', jobs: 'ok' } });
});
