import type { z } from 'zod';
import { createOutboundClient, outboundFailureOf, outboundProblem, type OutboundFetch } from '../../outbound/outbound-fetch';
import { PmsError } from '../connection/pms-connector';
import { answerFailure, networkFailure, notJson, retryAfterSeconds, wrongShape } from './open-dental-failures';

export { REFUSED_KEYS } from './open-dental-failures';

/** Open Dental's hosted API (docs/open-dental.md); the practice's own keys say which office answers. */
export const OPEN_DENTAL_API = 'https://api.opendental.com/api/v1';

export interface OpenDentalOptions {
  /** The API's base address; Open Dental's hosted API unless given. */
  baseUrl?: string | undefined;
  developerKey: string;
  customerKey: string;
  /** How long one request may take; Open Dental gives up on its side after 60 s (504). */
  timeoutMs?: number;
  /** Tries per request when the answer is no answer, 429 or 5xx; 401/403 are never tried again, nor a 429 asking for a pause longer than `maxRetryDelayMs`. */
  attempts?: number;
  /** The wait before the first retry, doubled for each one after it, and its ceiling. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /**
   * The least time between two requests. Open Dental throttles a developer with only the read
   * permission to one request per 5 s per customer key (1 s with any other permission).
   */
  minIntervalMs?: number;
  /**
   * Where the pace is kept: the database, shared by every server process that asks with these keys
   * (app.ts, issue 53). Without it, this object's own clock (a single process: tests, tools).
   */
  pace?: KeyPace | undefined;
  /** Seconds of changes read again at the start of each pass, in case the PMS's stamp and its clock disagree a little. */
  overlapSeconds?: number;
  /**
   * Plain http to this computer (the tests' stand-in, a developer's own): off unless the server is
   * not a production one (main.ts: NODE_ENV, which is production when unset).
   */
  localHttp?: boolean;
  /**
   * How requests go out: the guarded fetch (app.ts builds it with OUTBOUND_ALLOWED_NETWORKS), which
   * checks the address each connection really goes to and follows no redirect. Unless given, one
   * that reaches public addresses only.
   */
  fetch?: OutboundFetch | undefined;
}

/** One key's turns, kept where every process asking with the key sees them (open-dental-pace.ts). */
export interface KeyPace {
  /** Takes the key's next turn, `intervalMs` after the one before it: answers how long to wait for it (ms). */
  take(intervalMs: number): Promise<number>;
  /** Open Dental asked for a pause: no turn before `ms` from now. */
  holdOff(ms: number): Promise<void>;
}

/** The shared pace could not be read (its database): not a failure of the network, nor Open Dental's. */
class PaceFailure extends Error {}

type Query = Record<string, string | number | null | undefined>;

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The address keys may be sent to: https, or plain http to this computer when `localHttp` (the tests' stand-in; never in production). */
export function checkAddress(raw: string, localHttp = false): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PmsError('bad-address', 'The Open Dental address is not a web address (e.g. https://api.opendental.com/api/v1)');
  }
  if (url.username || url.password) throw new PmsError('bad-address', 'The Open Dental address may not carry a user name or password');
  if (url.protocol === 'https:' || (localHttp && url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname))) return url;
  throw new PmsError('bad-address', 'The Open Dental address must start with https://: the keys are never sent over plain http');
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * GET requests to Open Dental: the ODFHIR authorization, one request at a time at the throttle's
 * pace, retries with exponential backoff on no answer, 429 and 5xx, and answers checked against a
 * schema. Every failure is a PmsError saying which kind of failure it was (open-dental-failures.ts),
 * whose message holds neither key nor anything the remote wrote.
 */
export function openDentalClient(options: OpenDentalOptions) {
  const base = (options.baseUrl ?? OPEN_DENTAL_API).replace(/\/+$/, '');
  const authorization = `ODFHIR ${options.developerKey}/${options.customerKey}`;
  const timeoutMs = options.timeoutMs ?? 70_000;
  const attempts = Math.max(1, options.attempts ?? 4);
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
  const minIntervalMs = options.minIntervalMs ?? 5_000;
  const send = options.fetch ?? createOutboundClient().fetch;

  const pace = minIntervalMs > 0 ? options.pace : undefined;

  // Requests go one at a time so the throttle's pace holds even when the caller overlaps calls.
  let queue: Promise<unknown> = Promise.resolve();
  let lastStartedAt = -Infinity;
  /** Until when Open Dental asked for a pause (429 with Retry-After): no request goes before it. */
  let notBefore = 0;
  /** How long the next request waits: for the key's shared turn when there is a shared pace, else after this object's last request. */
  async function waitForTurn(): Promise<number> {
    const paused = notBefore - Date.now();
    if (!pace) return Math.max(lastStartedAt + minIntervalMs - Date.now(), paused);
    try {
      return Math.max(await pace.take(minIntervalMs), paused);
    } catch (error) {
      throw new PaceFailure('the Open Dental pace could not be read', { cause: error });
    }
  }
  function inTurn<T>(send: () => Promise<T>): Promise<T> {
    const run = queue.then(async () => {
      const wait = await waitForTurn();
      if (wait > 0) await sleep(wait);
      lastStartedAt = Date.now();
      return send();
    });
    queue = run.catch(() => undefined);
    return run;
  }

  function urlOf(path: string, query: Query): string {
    checkAddress(base, options.localHttp);
    // Percent-encoding as Open Dental documents it ("De%20Angelo"), not URLSearchParams' "+".
    const params = Object.entries(query)
      .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== null)
      .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`);
    return `${base}${path}${params.length ? `?${params.join('&')}` : ''}`;
  }

  function backoff(attempt: number, retryAfter: number | null): number {
    return Math.min(maxRetryDelayMs, Math.max(retryDelayMs * 2 ** (attempt - 1), (retryAfter ?? 0) * 1000));
  }

  /** The parsed answer, or null for a 404 when `notFoundIsNull` (one record that is not there). */
  async function get<T>(path: string, query: Query, schema: z.ZodType<T>, notFoundIsNull = false): Promise<T | null> {
    const url = urlOf(path, query);
    for (let attempt = 1; ; attempt += 1) {
      // A pause asked for earlier that outlasts what a run waits: said, not waited out here.
      const paused = notBefore - Date.now();
      if (paused > maxRetryDelayMs) throw answerFailure(429, Math.ceil(paused / 1000));
      let answer: { status: number; body: string; retryAfter: string | null };
      try {
        answer = await inTurn(async () => {
          const response = await send(url, {
            headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
            signal: AbortSignal.timeout(timeoutMs),
          });
          return { status: response.status, body: await response.text(), retryAfter: response.headers.get('retry-after') };
        });
      } catch (error) {
        // The database's failure, thrown as it is (the job fails and is retried), never taken for the network's.
        if (error instanceof PaceFailure) throw error.cause;
        const failure = outboundFailureOf(error);
        // A refused address or a redirect is the address's doing: trying again changes nothing.
        if (failure.kind !== 'no-connection') throw new PmsError('bad-address', `Open Dental could not be reached: ${outboundProblem(failure)}`, failure.kind === 'redirect' ? failure.status : null);
        if (attempt < attempts) {
          await sleep(backoff(attempt, null));
          continue;
        }
        throw networkFailure();
      }
      const { status, body } = answer;
      if (status >= 200 && status < 300) return parse(body, schema);
      if (status === 404 && notFoundIsNull) return null;
      const retryAfter = status === 429 ? retryAfterSeconds(answer.retryAfter) : null;
      if (retryAfter !== null) {
        notBefore = Date.now() + retryAfter * 1000;
        // Every process waits it out, not only this one.
        await pace?.holdOff(retryAfter * 1000);
      }
      const worthRetrying = status >= 500 || (status === 429 && (retryAfter ?? 0) * 1000 <= maxRetryDelayMs);
      if (worthRetrying && attempt < attempts) {
        await sleep(backoff(attempt, retryAfter));
        continue;
      }
      // Never the body: it can hold anything (docs/open-dental.md, "The body of an error").
      throw answerFailure(status, retryAfter);
    }
  }

  function parse<T>(body: string, schema: z.ZodType<T>): T {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw notJson(body);
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    // The field's path, never its value: answers carry patients' data.
    throw wrongShape(parsed.error.issues[0]?.path ?? []);
  }

  return { get };
}

export type OpenDentalClient = ReturnType<typeof openDentalClient>;
