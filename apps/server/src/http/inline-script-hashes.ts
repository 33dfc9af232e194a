import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Written by the web build (apps/web/scripts/route-preload-plugin.ts) beside index.html. */
export const INLINE_SCRIPTS_FILE = 'inline-scripts.json';

/**
 * The CSP sources ('sha256-…') of the inline scripts the built app's pages carry: the route
 * preload script runs inline, so the first page's chunks start downloading as the HTML is parsed
 * rather than after a script file of its own has arrived (issue 37). Nothing when the app is not
 * built or the file is missing or unreadable: the policy then allows no inline script at all.
 */
export function inlineScriptSources(webDist: string | undefined): string[] {
  if (!webDist) return [];
  const file = join(webDist, INLINE_SCRIPTS_FILE);
  if (!existsSync(file)) return [];
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((hash): hash is string => typeof hash === 'string' && /^sha256-[A-Za-z0-9+/]+=*$/.test(hash)).map((hash) => `'${hash}'`);
  } catch {
    return [];
  }
}
