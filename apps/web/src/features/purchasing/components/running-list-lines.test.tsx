import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PURCHASING_MESSAGES, type RunningListDetail } from '@clinic/domain';
import { AppProviders } from '../../../app/providers';
import { jsonResponse } from '../../../test/fixtures';
import { runningListQueryOptions } from '../api/purchasing-api';
import { RunningListLines } from './running-list-lines';

const LIST_ID = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const LINE_ID = '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f';

const LIST: RunningListDetail = {
  id: LIST_ID,
  supplier: { id: '3d4e5f6a-7b8c-4d9e-8f0a-2b3c4d5e6f7a', name: 'Henry Schein' },
  created_at: '2026-03-01T10:00:00.000Z',
  ordered_at: null,
  purchase_order_id: null,
  products_count: 1,
  high_priority_count: 0,
  total: 24,
  runningListProducts: [
    {
      id: LINE_ID,
      running_list_id: LIST_ID,
      supplier_id: '3d4e5f6a-7b8c-4d9e-8f0a-2b3c4d5e6f7a',
      product_id: '4e5f6a7b-8c9d-4e0f-9a1b-3c4d5e6f7a8b',
      product: { id: '4e5f6a7b-8c9d-4e0f-9a1b-3c4d5e6f7a8b', name: 'Cotton Rolls', barcode: '', manufacturer_code: '', product_image_url: null, type: 'disposable', container: 'box', basic_unit: 'item' },
      quantity: 2,
      price: 12,
      high_priority: false,
      total: 24,
      units_per_container: 1,
      requested_by: [],
    },
  ],
};

/** The running list page's part: the lines of the list as the cache holds it. */
function Lines() {
  const list = useQuery(runningListQueryOptions(LIST_ID));
  return list.data ? <RunningListLines list={list.data} editable onRemove={() => undefined} /> : null;
}

/** The list API: a PATCH answered by `patch`, saved when it succeeds; GET answers the list as it stands. */
function renderLines(patch: () => Promise<Response>) {
  let list = LIST;
  const fetchMock = vi.fn<typeof fetch>(async (_input, init) => {
    if (init?.method !== 'PATCH') return jsonResponse(list);
    const answer = await patch();
    if (answer.ok) list = { ...list, runningListProducts: list.runningListProducts.map((line) => ({ ...line, ...(JSON.parse(String(init.body)) as object) })) };
    return answer;
  });
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter>
        <Lines />
      </MemoryRouter>
    </AppProviders>,
  );
  return { fetchMock, patches: () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init?.body)) as unknown) };
}

describe('a running list line', () => {
  it('shows its high priority from the click on, and takes it back with a message when the server refuses', async () => {
    let refuse: () => void = () => undefined;
    const { patches } = renderLines(() => new Promise((resolve) => {
      refuse = () => { resolve(jsonResponse({ statusCode: 409, code: 'CONFLICT', message: 'This running list is already ordered' }, 409)); };
    }));
    const toggle = await screen.findByRole('switch', { name: 'High priority: Cotton Rolls' });
    expect(toggle).not.toBeChecked();

    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    await waitFor(() => { expect(patches()).toEqual([{ high_priority: true }]); });
    refuse();
    expect(await screen.findByText('This running list is already ordered')).toBeInTheDocument();
    await waitFor(() => { expect(toggle).not.toBeChecked(); });
  });

  it('keeps it once the server saved it', async () => {
    const { fetchMock } = renderLines(() => Promise.resolve(jsonResponse({ ...LIST.runningListProducts[0], high_priority: true })));
    const toggle = await screen.findByRole('switch', { name: 'High priority: Cotton Rolls' });
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(await screen.findByText(PURCHASING_MESSAGES.productUpdated)).toBeInTheDocument();
    // The list asked afresh agrees.
    await waitFor(() => { expect(fetchMock.mock.calls.filter(([, init]) => init?.method !== 'PATCH')).toHaveLength(2); });
    expect(toggle).toBeChecked();
  });
});

describe('a requested line', () => {
  it('says who asked for it (Request Product), each name once', async () => {
    const requester = (name: string, created: string) => ({ id: '5f6a7b8c-9d0e-4f1a-8b2c-3d4e5f6a7b8c', name, urgency: 'urgent' as const, quantity: 1, note: '', created_at: created });
    const requested: RunningListDetail = {
      ...LIST,
      runningListProducts: LIST.runningListProducts.map((line) => ({ ...line, high_priority: true, requested_by: [requester('Dana Lee', '2026-03-02T10:00:00.000Z'), requester('Sam Ortiz', '2026-03-01T10:00:00.000Z'), requester('Dana Lee', '2026-02-28T10:00:00.000Z')] })),
    };
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse(requested))));
    render(
      <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <Lines />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText('Requested by Dana Lee, Sam Ortiz')).toBeInTheDocument();
  });
});
