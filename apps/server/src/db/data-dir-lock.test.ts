import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const children: ChildProcess[] = [];
const scratchDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A process that has nothing to do with the server, as one that reused a killed server's pid would. */
async function unrelatedProcess(): Promise<number> {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  await once(child, 'spawn');
  return child.pid!;
}

/** What this process writes into a lock, its pid replaced by another's: a killed server's lock after pid reuse. */
function lockTextFor(pid: number): string {
  const release = lockDataDir(scratchDir());
  const own = readFileSync(join(dirs.at(-1)!, 'server.lock'), 'utf8');
  release();
  return own.replace(new RegExp(`\\b${String(process.pid)}\\b`), String(pid));
}

it('takes over the lock of a killed server whose pid now belongs to an unrelated live process', async () => {
  const dir = scratchDir();
  writeFileSync(join(dir, 'server.lock'), lockTextFor(await unrelatedProcess()));
  const release = lockDataDir(dir);
  expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toContain(String(process.pid));
  release();
  expect(existsSync(join(dir, 'server.lock'))).toBe(false);
});

it('takes over a lock naming its own pid from an earlier life (a container restarted as pid 1)', () => {
  const dir = scratchDir();
  const earlier = JSON.stringify({ pid: process.pid, startTime: '1' });
  writeFileSync(join(dir, 'server.lock'), earlier);
  lockDataDir(dir)();
});

it('takes over a lock whose process is gone', async () => {
  const dir = scratchDir();
  const child = spawn('true', { stdio: 'ignore' });
  await once(child, 'exit');
  writeFileSync(join(dir, 'server.lock'), lockTextFor(child.pid!));
  lockDataDir(dir)();
});

it('refuses a directory locked by a live server, in another process or this one', async () => {
  const dir = scratchDir();
  // Another server process: the real lock code run by a child that stays up.
  const server = spawn(process.execPath, ['--import', 'tsx', '-e', `require('./src/db/data-dir-lock.ts').lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`], {
    cwd: join(import.meta.dirname, '../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(server);
  const [line] = (await once(server.stdout!, 'data')) as [Buffer];
  expect(line.toString()).toContain('locked');
  expect(() => lockDataDir(dir)).toThrow(`${dir} is in use by server process ${String(server.pid)}`);
  server.kill('SIGKILL');
  await once(server, 'exit');

  // Killed: the next server starts; and the same process does not lock a directory twice.
  const release = lockDataDir(dir);
  expect(() => lockDataDir(dir)).toThrow(`is in use by server process ${String(process.pid)}`);
  release();
});
