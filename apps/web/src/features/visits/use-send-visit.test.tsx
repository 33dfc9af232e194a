import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateTreatmentLogRequest } from '@clinic/domain';
import { jsonResponse } from '../../test/fixtures';
import { useSendVisit } from './use-send-visit';

const REQUEST: CreateTreatmentLogRequest = { patient_chart_number: 'CH-1', treatments: ['6b5a4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d'], products: [], idempotency_key: '0f1e2d3c-4b5a-4978-8877-665544332211' };
const SAVED = { id: 'visit', patient: { id: 'p', patient_chart_number: 'CH-1' }, recordingUrls: [], transcriptionJobStatus: null };

function wrapper({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

afterEach(() => { vi.restoreAllMocks(); vi.unstubAllGlobals(); });

describe('Save procedure without a network', () => {
  it('waits while offline, then sends the visit once when the device is back online, with the same key', async () => {
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse(SAVED)));
    vi.stubGlobal('fetch', fetchMock);
    const settled = vi.fn();
    const { result } = renderHook(() => useSendVisit(settled), { wrapper });

    act(() => { result.current.send({ request: REQUEST, clips: [] }); });
    await waitFor(() => { expect(result.current.waiting).toBe(true); });
    expect(fetchMock).not.toHaveBeenCalled();

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
      // A second event while the first send runs sends nothing more.
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => { expect(settled).toHaveBeenCalledWith(expect.objectContaining({ kind: 'saved' })); });
    expect(result.current.waiting).toBe(false);
    const posts = fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/treatment_log' && init?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toMatchObject({ idempotency_key: REQUEST.idempotency_key });
  });

  it('keeps waiting when the server cannot be reached, and Try now sends it again', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const fetchMock = vi.fn<typeof fetch>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(jsonResponse(SAVED));
    vi.stubGlobal('fetch', fetchMock);
    const settled = vi.fn();
    const { result } = renderHook(() => useSendVisit(settled), { wrapper });

    act(() => { result.current.send({ request: REQUEST, clips: [] }); });
    await waitFor(() => { expect(result.current.waiting).toBe(true); });
    expect(settled).not.toHaveBeenCalled();
    act(() => { result.current.retryNow(); });
    await waitFor(() => { expect(settled).toHaveBeenCalledWith(expect.objectContaining({ kind: 'saved' })); });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
