import type { ErrorResponse } from '@clinic/domain';
import { clearSession, getToken } from './auth-token';
import { hardRedirect } from './browser';
import { takeEarlyResponse } from './early-requests';

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 200_000;

export interface FieldError {
  field: string;
  message: string;
}

/** Every failed call rejects with this: the HTTP status (0 when no answer), the server's message and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: FieldError[];
  /** Extra facts some errors carry, e.g. the locations holding a product the admin tried to delete. */
  readonly details: Record<string, unknown>;

  constructor(status: number, message: string, options: { code?: string; errors?: FieldError[]; details?: Record<string, unknown> } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = options.code ?? 'ERROR';
    this.errors = options.errors ?? [];
    this.details = options.details ?? {};
  }
}

/**
 * The record a page asked for is not there: a 404, or a 400 about the address itself (an id typed
 * or pasted wrong in the address bar names no record). Pages then show their own not-found text
 * instead of "params.id: Must be a valid id".
 */
export function isMissingRecord(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 404) return true;
  const fields = error.errors.length > 0 ? error.errors.map((e) => e.field) : [error.message.split(':')[0] ?? ''];
  return error.status === 400 && fields.every((field) => field.startsWith('params.'));
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The code of the 402 every route answers while the organization has no active subscription. */
export const SUBSCRIPTION_REQUIRED_CODE = 'SUBSCRIPTION_REQUIRED';

const subscriptionRequiredListeners = new Set<() => void>();

/**
 * Hears every 402 SUBSCRIPTION_REQUIRED answer, whichever call got it (queries, mutations,
 * uploads), so the app can show the subscription dialog. Returns the unsubscribe function.
 */
export function onSubscriptionRequired(listener: () => void): () => void {
  subscriptionRequiredListeners.add(listener);
  return () => {
    subscriptionRequiredListeners.delete(listener);
  };
}

function announceSubscriptionRequired(): void {
  for (const listener of subscriptionRequiredListeners) listener();
}

/** Calls whose 401 means "wrong password", not "session over". */
// A 401 here is about the credentials sent, not a session to end by leaving the page.
const CREDENTIAL_PATHS = new Set(['auth/login', 'auth/logout']);

function normalizePath(path: string): string {
  return path.replace(/^\/+/, '');
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}/${normalizePath(path)}${search ? `?${search}` : ''}`;
}

function isErrorResponse(value: unknown): value is Partial<ErrorResponse> {
  return typeof value === 'object' && value !== null && 'message' in value;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown, statusText: string): ApiError {
  if (isErrorResponse(body) && typeof body.message === 'string') {
    return new ApiError(status, body.message, { code: body.code, errors: body.errors, details: body.details });
  }
  return new ApiError(status, statusText || `Request failed with status ${String(status)}`);
}

/** Links the caller's abort signal (React Query cancelling) to our own timeout controller. */
function linkSignal(controller: AbortController, signal?: AbortSignal): () => void {
  if (!signal) return () => undefined;
  if (signal.aborted) {
    controller.abort(signal.reason);
    return () => undefined;
  }
  const onAbort = () => { controller.abort(signal.reason); };
  signal.addEventListener('abort', onAbort, { once: true });
  return () => { signal.removeEventListener('abort', onAbort); };
}

export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(new DOMException('Request timed out', 'TimeoutError'));
  }, REQUEST_TIMEOUT_MS);
  const unlink = linkSignal(controller, options.signal);

  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = options.body !== undefined;
  // A form (a file upload) goes as it is: the browser writes its multipart boundary into Content-Type.
  const isForm = options.body instanceof FormData;
  if (hasBody && !isForm) headers['Content-Type'] = 'application/json';

  const url = buildUrl(path, options.query);
  // The first page's data may have been asked for as the HTML arrived (lib/early-requests.ts).
  const early = method === 'GET' ? takeEarlyResponse(url, token) : undefined;
  let response: Response;
  try {
    response = (early && (await early)) || await fetch(url, {
      method,
      headers,
      body: isForm ? (options.body as FormData) : hasBody ? JSON.stringify(options.body) : undefined,
      signal: controller.signal,
    });
  } catch (error) {
    // The caller cancelled (React Query dropping a stale request): not an error to show.
    if (options.signal?.aborted) throw error;
    if (controller.signal.aborted) {
      throw new ApiError(0, 'The server took too long to answer. Please try again.', { code: 'TIMEOUT' });
    }
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.', { code: 'NETWORK' });
  } finally {
    clearTimeout(timer);
    unlink();
  }

  const body = await readJson(response);
  if (response.ok) return body as T;

  if (response.status === 401 && !CREDENTIAL_PATHS.has(normalizePath(path))) {
    clearSession();
    hardRedirect('/');
  }
  const error = toApiError(response.status, body, response.statusText);
  if (error.status === 402 && error.code === SUBSCRIPTION_REQUIRED_CODE) announceSubscriptionRequired();
  throw error;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  // Writes always carry a JSON object, even an empty one: the API validates every body as an object.
  post: <T>(path: string, body: unknown = {}, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body: unknown = {}, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body: unknown = {}, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('PUT', path, { ...options, body }),
  /** multipart/form-data straight to the API (a price list file), with the same token and errors as JSON calls. */
  postForm: <T>(path: string, form: FormData, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('POST', path, { ...options, body: form }),
  delete: <T = void>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('DELETE', path, options),
};

/** The text to show for a failed call: the server's own message, or the fallback for server faults. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500 && error.message) return error.message;
  return fallback;
}
