import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { Agent, RequestInfo, RequestInit, Response } from 'undici';
import { lazy } from '../../core/lazy';
import { judgeAddress, parseAddress, type Network } from './address-policy';

/** undici, loaded with the first outbound request (core/lazy.ts): a fifth of a second at start otherwise. */
const loadUndici = lazy(() => import('undici'));

/** A connection refused before it was made: the address is not public and the operator did not allow it. */
export class OutboundRefusedError extends Error {
  readonly code = 'E_OUTBOUND_REFUSED';
  constructor(
    readonly host: string,
    readonly address: string,
    readonly addressClass: string,
  ) {
    super(`Refused to connect to ${host} (${address}, ${addressClass}): not a public address, and not in OUTBOUND_ALLOWED_NETWORKS`);
    this.name = 'OutboundRefusedError';
  }
}

/** An answer that sends the request elsewhere: never followed, its body never read. */
export class OutboundRedirectError extends Error {
  constructor(readonly status: number) {
    super(`The answer was a redirect (${String(status)}), which is not followed`);
    this.name = 'OutboundRedirectError';
  }
}

export interface OutboundOptions {
  /** OUTBOUND_ALLOWED_NETWORKS: the private or local networks the operator lets the server reach. */
  allowedNetworks?: readonly Network[] | undefined;
  /** How names become addresses (dns.lookup); tests give one that answers literal addresses. */
  lookup?: LookupFunction | undefined;
}

export type OutboundFetch = (url: string | URL, init?: Omit<RequestInit, 'dispatcher' | 'redirect'>) => Promise<Response>;

export interface OutboundClient {
  fetch: OutboundFetch;
  close(): Promise<void>;
}

/**
 * fetch for addresses an admin typed (issue 50, item 5). The check sits in the connector: a name is
 * resolved once, by the lookup the socket connects with, and every address it answers is judged
 * there, so what is checked is what is connected to (no second lookup for a rebinding name to
 * change). A literal address is judged before the connector, which would not look it up. A
 * refusal fails the connect before any packet leaves. Redirects are not followed: a 3xx is an
 * OutboundRedirectError, its body discarded unread.
 */
export function createOutboundClient(options: OutboundOptions = {}): OutboundClient {
  const allowed = options.allowedNetworks ?? [];
  const resolve: LookupFunction = options.lookup ?? dnsLookup;

  const guardedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname, { ...lookupOptions, all: true }, (error, answers) => {
      if (error) return callback(error, '', 0);
      const list = Array.isArray(answers) ? answers : [{ address: answers, family: lookupOptions.family === 6 ? 6 : 4 } as LookupAddress];
      // Every answer, not only the first: a connection may fall back to any of them.
      const refused = list.map((answer) => judgeAddress(answer.address, allowed)).find((verdict) => !verdict.allowed);
      if (refused) return callback(new OutboundRefusedError(hostname, refused.address, refused.class), '', 0);
      if (lookupOptions.all) return callback(null, list);
      const [first] = list;
      if (!first) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      return callback(null, first.address, first.family);
    });
  };

  let made: Agent | null = null;
  const dispatcher = lazy(async () => {
    const { Agent, buildConnector } = await loadUndici();
    const connectTo = buildConnector({ lookup: guardedLookup });
    made = new Agent({
      connect(target, callback) {
        // Written as an address (any form the stack accepts): no lookup will run, so it is judged here.
        if (parseAddress(target.hostname)) {
          const verdict = judgeAddress(target.hostname, allowed);
          if (!verdict.allowed) return callback(new OutboundRefusedError(target.hostname, verdict.address, verdict.class), null);
        }
        return connectTo(target, callback);
      },
    });
    return made;
  });

  return {
    async fetch(url, init = {}) {
      const [{ fetch }, agent] = await Promise.all([loadUndici(), dispatcher()]);
      const response = await fetch(url as RequestInfo, { ...init, dispatcher: agent, redirect: 'manual' });
      if ((response.status >= 300 && response.status < 400) || response.type === 'opaqueredirect') {
        await response.body?.cancel().catch(() => undefined);
        throw new OutboundRedirectError(response.status);
      }
      return response;
    },
    close: async () => {
      await made?.close();
    },
  };
}

/**
 * Why an outbound request failed, in terms safe to show an admin: refused (the address), a
 * redirect, or no connection. "No connection" covers refused, reset, unreachable and timed-out
 * alike, so the answer never tells a closed port from a filtered one.
 */
export type OutboundFailure = { kind: 'refused'; error: OutboundRefusedError } | { kind: 'redirect'; status: number } | { kind: 'no-connection' };

export function outboundFailureOf(error: unknown): OutboundFailure {
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    if (cause instanceof OutboundRefusedError) return { kind: 'refused', error: cause };
    if (cause instanceof OutboundRedirectError) return { kind: 'redirect', status: cause.status };
  }
  return { kind: 'no-connection' };
}

/** The words for each failure, to follow "<who> could not be reached: ". */
export const OUTBOUND_MESSAGES = {
  refused: 'the address is not a public one (a private, local or reserved network), and this server connects there only when its operator allows that network (OUTBOUND_ALLOWED_NETWORKS)',
  redirect: (status: number) => `the address answered with a redirect (${String(status)}), which is not followed: enter the address the service is reached at`,
  noConnection: 'no connection could be made, or no answer came',
} as const;

export function outboundProblem(failure: OutboundFailure): string {
  switch (failure.kind) {
    case 'refused':
      return OUTBOUND_MESSAGES.refused;
    case 'redirect':
      return OUTBOUND_MESSAGES.redirect(failure.status);
    case 'no-connection':
      return OUTBOUND_MESSAGES.noConnection;
  }
}
