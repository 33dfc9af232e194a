import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { processStartTime } from '../../process-identity';
import { sweepScratch, tempUploadPath } from './local-storage';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'clinic-scratch-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function scratchFile(folder: string, name = 'partial'): string {
  const path = join(root, '.incoming', folder, name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, 'half a file');
  return path;
}

it('removes what killed server processes were receiving, and keeps what live ones are', async () => {
  const gone = spawn('true', { stdio: 'ignore' });
  await once(gone, 'exit');
  const live = spawn('sleep', ['60'], { stdio: 'ignore' });
  await once(live, 'spawn');
  try {
    const own = tempUploadPath(root, 'arriving');
    mkdirSync(dirname(own), { recursive: true });
    writeFileSync(own, 'still arriving');
    const ofLive = scratchFile(`${String(live.pid)}-${processStartTime(live.pid!)!}`);
    const ofGone = scratchFile(`${String(gone.pid)}-123`);
    // The pid of a live process, but another start: a killed server whose pid was taken again.
    const ofReused = scratchFile(`${String(live.pid)}-1`);
    // From before scratch folders were kept per process.
    const loose = join(root, '.incoming', 'f5a4c3e2-loose');
    writeFileSync(loose, 'half a file');

    await sweepScratch(root);
    expect([own, ofLive].map(existsSync)).toEqual([true, true]);
    expect([ofGone, ofReused, loose].map(existsSync)).toEqual([false, false, false]);
  } finally {
    live.kill('SIGKILL');
  }
});

it('does nothing when nothing was ever received', async () => {
  await sweepScratch(root);
  expect(existsSync(join(root, '.incoming'))).toBe(false);
});
