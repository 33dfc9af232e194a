/**
 * Answers the route preload script (scripts/route-preload-plugin.ts) asked for as the HTML
 * arrived, before the app's code had downloaded (issue 37): the first page's data then waits on
 * no round trip after the code. Each is taken once, by the first GET of its exact URL, with the
 * token it was asked with, and only in the page's first seconds: later, the data may have changed.
 */
interface EarlyRequest {
  token: string;
  response: Promise<Response | null>;
}

declare global {
  interface Window {
    __clinicEarly?: Record<string, EarlyRequest>;
  }
}

/** After this long since the page loaded, an answer not taken yet is dropped rather than used. */
export const EARLY_REQUEST_MAX_AGE_MS = 10_000;

/** The answer asked for early for this GET, if any and still usable; taken, it is gone. */
export function takeEarlyResponse(url: string, token: string | null): Promise<Response | null> | undefined {
  const early = window.__clinicEarly;
  const request = early?.[url];
  if (!early || !request) return undefined;
  Reflect.deleteProperty(early, url);
  if (request.token !== token || performance.now() > EARLY_REQUEST_MAX_AGE_MS) return undefined;
  return request.response;
}
