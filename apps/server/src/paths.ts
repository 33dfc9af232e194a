import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package root, found by walking up from this module: the same code runs from
 * src/ under tsx and vitest and from the single bundled dist/main.js.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    if (existsSync(join(dir, 'drizzle')) && existsSync(join(dir, 'package.json'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('Cannot find the server package root (folder with drizzle/)');
}

export const SERVER_ROOT = findServerRoot();
export const MIGRATIONS_DIR = join(SERVER_ROOT, 'drizzle');
export const DEFAULT_WEB_DIST = resolve(SERVER_ROOT, '../web/dist');
