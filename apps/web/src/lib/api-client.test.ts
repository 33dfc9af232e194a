import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/fixtures';
import { api, ApiError, buildUrl, isMissingRecord, onSubscriptionRequired, REQUEST_TIMEOUT_MS } from './api-client';
import { hardRedirect } from './browser';
import { EARLY_REQUEST_MAX_AGE_MS } from './early-requests';

vi.mock('./browser', () => ({ hardRedirect: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(hardRedirect).mockReset();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('api client', () => {
  it('sends the stored token as a bearer header to /api', async () => {
    localStorage.setItem('access_token', 'token-123');
    fetchMock.mockResolvedValue(jsonResponse({ status: 'ok' }));

    await expect(api.get('health')).resolves.toEqual({ status: 'ok' });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/health');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-123');
  });

  it('clears storage and returns to the login page when a call answers 401', async () => {
    localStorage.setItem('access_token', 'expired');
    localStorage.setItem('show_welcome', 'true');
    fetchMock.mockResolvedValue(jsonResponse({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Session expired' }, 401));

    const call = api.get('auth/profile');

    await expect(call).rejects.toMatchObject({ status: 401, message: 'Session expired' });
    expect(localStorage.length).toBe(0);
    expect(hardRedirect).toHaveBeenCalledWith('/');
  });

  it('keeps the session on a 401 from auth/login, which means wrong credentials', async () => {
    localStorage.setItem('show_welcome', 'true');
    fetchMock.mockResolvedValue(
      jsonResponse({ statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' }, 401),
    );

    await expect(api.post('auth/login', { username: 'a@b.test', password: 'x' })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });
    expect(localStorage.getItem('show_welcome')).toBe('true');
    expect(hardRedirect).not.toHaveBeenCalled();
  });

  it('rejects with the server message and field errors', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { statusCode: 400, code: 'VALIDATION', message: 'Invalid input', errors: [{ field: 'email', message: 'Enter a valid email address' }] },
        400,
      ),
    );

    const error = await api.post('user', {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, errors: [{ field: 'email', message: 'Enter a valid email address' }] });
  });

  it('aborts a request after the 200000 ms timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => { reject(new DOMException('Aborted', 'AbortError')); });
        }),
    );

    const call = api.get('product/v2').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    await expect(call).resolves.toMatchObject({ status: 0, code: 'TIMEOUT' });
  });

  it('announces a 402 SUBSCRIPTION_REQUIRED, and no other 402 or error, to its listeners', async () => {
    const listener = vi.fn();
    const stop = onSubscriptionRequired(listener);
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ statusCode: 402, code: 'SUBSCRIPTION_REQUIRED', message: 'Your organization needs an active subscription to continue.' }, 402),
    );
    await expect(api.get('product/v2')).rejects.toMatchObject({ status: 402, code: 'SUBSCRIPTION_REQUIRED' });
    expect(listener).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(jsonResponse({ statusCode: 402, code: 'OTHER', message: 'Other' }, 402));
    await expect(api.get('product/v2')).rejects.toMatchObject({ status: 402 });
    fetchMock.mockResolvedValueOnce(jsonResponse({ statusCode: 403, code: 'FORBIDDEN', message: 'No' }, 403));
    await expect(api.get('product/v2')).rejects.toMatchObject({ status: 403 });
    expect(listener).toHaveBeenCalledTimes(1);

    stop();
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ statusCode: 402, code: 'SUBSCRIPTION_REQUIRED', message: 'Your organization needs an active subscription to continue.' }, 402),
    );
    await expect(api.get('product/v2')).rejects.toMatchObject({ status: 402 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('returns undefined for an empty 204 answer', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.delete('user/1')).resolves.toBeUndefined();
  });

  it('posts a form as multipart, leaving Content-Type to the browser, with the bearer token', async () => {
    localStorage.setItem('access_token', 'token-123');
    fetchMock.mockResolvedValue(jsonResponse({ items: 2 }, 201));
    const form = new FormData();
    form.append('file', new File(['a,b'], 'prices.csv', { type: 'text/csv' }));

    await expect(api.postForm('supplier/1/price-list', form)).resolves.toEqual({ items: 2 });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/supplier/1/price-list');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(form);
    const headers = new Headers(init?.headers);
    expect(headers.get('Content-Type')).toBeNull();
    expect(headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('leaves empty query values out of the URL', () => {
    expect(buildUrl('/user', { currentPage: 2, search: '', approval_status: undefined, deleted: true })).toBe(
      '/api/user?currentPage=2&deleted=true',
    );
  });
});

describe('isMissingRecord', () => {
  it('counts a 404 and a 400 about the address as a record that is not there, and nothing else', () => {
    expect(isMissingRecord(new ApiError(404, 'Not found'))).toBe(true);
    expect(isMissingRecord(new ApiError(400, 'params.id: Must be a valid id', { errors: [{ field: 'params.id', message: 'Must be a valid id' }] }))).toBe(true);
    expect(isMissingRecord(new ApiError(400, 'params.id: Must be a valid id'))).toBe(true);
    expect(isMissingRecord(new ApiError(400, 'name: Required', { errors: [{ field: 'name', message: 'Required' }] }))).toBe(false);
    expect(isMissingRecord(new ApiError(403, 'Forbidden'))).toBe(false);
    expect(isMissingRecord(new Error('boom'))).toBe(false);
  });
});

describe('answers asked for as the page loaded', () => {
  const early = (url: string, token: string, response: Response | null) => {
    window.__clinicEarly = { ...window.__clinicEarly, [url]: { token, response: Promise.resolve(response) } };
  };
  afterEach(() => { delete window.__clinicEarly; });

  it('serves the first GET of the same URL with the same token, once', async () => {
    localStorage.setItem('access_token', 'token-1');
    early('/api/pms/waiting', 'token-1', jsonResponse({ results: ['early'] }));
    fetchMock.mockResolvedValue(jsonResponse({ results: ['fetched'] }));

    await expect(api.get('pms/waiting')).resolves.toEqual({ results: ['early'] });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(api.get('pms/waiting')).resolves.toEqual({ results: ['fetched'] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks again when the token changed, the early request failed or the page has been open too long', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ results: ['fetched'] })));
    localStorage.setItem('access_token', 'token-2');
    early('/api/auth/profile', 'token-1', jsonResponse({ results: ['early'] }));
    await expect(api.get('auth/profile')).resolves.toEqual({ results: ['fetched'] });

    early('/api/auth/profile', 'token-2', null);
    await expect(api.get('auth/profile')).resolves.toEqual({ results: ['fetched'] });

    early('/api/auth/profile', 'token-2', jsonResponse({ results: ['stale'] }));
    vi.spyOn(performance, 'now').mockReturnValue(EARLY_REQUEST_MAX_AGE_MS + 1);
    await expect(api.get('auth/profile')).resolves.toEqual({ results: ['fetched'] });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('treats an early 401 as any other: the session ends', async () => {
    localStorage.setItem('access_token', 'expired');
    early('/api/auth/profile', 'expired', jsonResponse({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Session expired' }, 401));
    await expect(api.get('auth/profile')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(hardRedirect).toHaveBeenCalledWith('/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('never serves a write from an early answer', async () => {
    localStorage.setItem('access_token', 'token-1');
    early('/api/pms/waiting', 'token-1', jsonResponse({ results: ['early'] }));
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    await expect(api.post('pms/waiting', {})).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
