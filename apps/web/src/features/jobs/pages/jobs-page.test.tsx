import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Job, JobQueueSummary, Role } from '@clinic/domain';
import { setToken } from '../../../lib/auth-token';
import { stubApi } from '../../../test/fake-api';
import { fakeToken, jsonResponse, profileFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const queue = (name: string, label: string, schedule: string | null, counts: Partial<JobQueueSummary> = {}): JobQueueSummary => ({ name, label, schedule, handled: true, queued: 0, active: 0, retry: 0, failed: 0, completed: 0, ...counts });

const QUEUES = [
  queue('email', 'E-mail delivery', null, { handled: false, queued: 3 }),
  queue('product-import', 'Product import', null, { failed: 1, completed: 12 }),
  queue('alert-scan', 'Expiry and stock alert scan', '*/15 * * * *', { completed: 40 }),
];

const FAILED: Job = {
  id: '6f1d7c1e-9a4f-4c3e-8f1a-2b3c4d5e6f70',
  queue: 'product-import',
  state: 'failed',
  attempts: 3,
  max_attempts: 3,
  created_at: '2026-11-20T09:00:00.000Z',
  run_after: '2026-11-20T09:02:00.000Z',
  finished_at: '2026-11-20T09:05:00.000Z',
  error: 'The uploaded file is missing',
};

function signIn(role: Role) {
  setToken(fakeToken(role));
  let state: Job['state'] = 'failed';
  const fetchMock = stubApi(profileFor(role), {
    '/api/jobs': () => jsonResponse({ queues: QUEUES }),
    '/api/jobs/list': (url) => {
      const wanted = url.searchParams.get('state');
      const results = [{ ...FAILED, state }].filter((j) => !wanted || j.state === wanted);
      return jsonResponse({ results, currentPage: 1, lastPage: 1, total: results.length });
    },
    [`/api/jobs/product-import/${FAILED.id}/retry`]: () => {
      state = 'retry';
      return jsonResponse({ ...FAILED, state, finished_at: null });
    },
  });
  const calls = () => fetchMock.mock.calls.map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), method: init?.method ?? 'GET' }));
  return { calls };
}

describe('background jobs page', () => {
  it('shows each queue with its schedule and counts, the failed job with its error, and retries it', async () => {
    const { calls } = signIn('admin');
    renderApp('/jobs');
    expect(await screen.findByRole('heading', { name: 'Background Jobs', level: 1 })).toBeInTheDocument();
    const queues = await screen.findByRole('table', { name: 'Job queues' });
    expect(await within(queues).findByRole('row', { name: /Expiry and stock alert scan/ })).toHaveTextContent('Every 15 minutes');
    expect(within(queues).getByRole('row', { name: /E-mail delivery/ })).toHaveTextContent('Not run by this server (no SMTP_URL)');
    expect(within(queues).getByRole('row', { name: /Product import/ })).toHaveTextContent('When queued');

    const jobs = screen.getByRole('table', { name: 'Jobs' });
    const row = await within(jobs).findByRole('row', { name: /Product import/ });
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('3 of 3');
    expect(row).toHaveTextContent('The uploaded file is missing');
    expect(row).toHaveTextContent('11-20-2026');

    await userEvent.click(within(row).getByRole('button', { name: /^Retry Product import job/ }));
    expect(await screen.findByText('Product import will run again')).toBeInTheDocument();
    expect(calls().some((c) => c.method === 'POST' && c.url.pathname === `/api/jobs/product-import/${FAILED.id}/retry`)).toBe(true);
    await waitFor(() => { expect(within(jobs).getByRole('row', { name: /Product import/ })).toHaveTextContent('Waiting to retry'); });
    expect(within(jobs).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
  });

  it('filters by job and state', async () => {
    const { calls } = signIn('admin');
    renderApp('/jobs');
    await screen.findByRole('table', { name: 'Jobs' });
    await userEvent.click(screen.getByRole('combobox', { name: 'State' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Done' }));
    await waitFor(() => { expect(calls().at(-1)!.url.searchParams.get('state')).toBe('completed'); });
    expect(await screen.findByText('No jobs in this state')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Job' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Product import' }));
    await waitFor(() => { expect(calls().filter((c) => c.url.pathname === '/api/jobs/list').at(-1)!.url.searchParams.get('queue')).toBe('product-import'); });
  });

  it('is the product admin’s only', async () => {
    signIn('organization_admin');
    const { router } = renderApp('/jobs');
    await waitFor(() => { expect(router.state.location.pathname).not.toBe('/jobs'); });
    expect(screen.queryByRole('table', { name: 'Job queues' })).not.toBeInTheDocument();
  });
});
