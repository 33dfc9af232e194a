// The web tests that replace a module with vi.mock(): they run each in a fresh module registry.
// The rest share one per worker (vitest's isolate: false), which is most of the suite's speed:
// each file no longer loads jsdom, React and MUI afresh (about 300 s became about 120 s).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Paths relative to `root` of the test files under root/src that call vi.mock(). */
export function isolatedTestFiles(root: string): string[] {
  return testFiles(join(root, 'src'))
    .filter((file) => readFileSync(file, 'utf8').includes('vi.mock('))
    .map((file) => relative(root, file));
}
