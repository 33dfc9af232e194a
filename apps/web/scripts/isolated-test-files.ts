// The web tests that replace a module with vi.mock(), or load modules afresh with vi.resetModules():
// they run each in a fresh module registry. A reset in the shared registry left the files after it
// with a second copy of every module beside the first one's listeners on the shared window (two
// outbox senders answering one 'online' event sent a visit twice).
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

/** Paths relative to `root` of the test files under root/src that replace or reload modules. */
export function isolatedTestFiles(root: string): string[] {
  return testFiles(join(root, 'src'))
    .filter((file) => /\bvi\.(mock|doMock|resetModules)\(/.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file));
}
