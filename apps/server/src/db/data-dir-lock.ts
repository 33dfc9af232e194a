import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { currentProcess, isRunning, type ProcessIdentity } from '../process-identity';

type Holder = ProcessIdentity;

/**
 * The embedded database has no lock of its own and two processes on one directory lose rows,
 * so the server owns DATA_DIR through a lock file and refuses to start twice on it.
 *
 * The file names the holder by pid and start time: after a kill -9 the pid can be reused by any
 * process (another program, or this server again as pid 1 in a restarted container), and only
 * the pair tells the server that wrote the lock from whoever has its pid now.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'server.lock');
  const self = currentProcess();
  const text = JSON.stringify(self);
  const inUse = (holder: Holder, cause?: unknown) =>
    new Error(`${dataDir} is in use by server process ${String(holder.pid)}; stop it or choose another DATA_DIR`, { cause });
  const take = () => {
    const fd = openSync(path, 'wx');
    writeSync(fd, text);
    closeSync(fd);
  };

  try {
    take();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const found = readFileSync(path, 'utf8');
    const holder = parseHolder(found);
    if (holder && isRunning(holder)) throw inUse(holder, error);
    takeOver(path, found, () => inUse(holder ?? self));
    try {
      take();
    } catch (raced) {
      // Another server starting at the same moment took it first.
      if ((raced as NodeJS.ErrnoException).code === 'EEXIST') throw inUse(parseHolder(readFileSync(path, 'utf8')) ?? self, raced);
      throw raced;
    }
  }
  return () => {
    // Only our own lock: never one a later server took over.
    if (readText(path) === text) rmSync(path, { force: true });
  };
}

/**
 * Moves a stale lock aside and checks it is the one judged stale: a server that started in
 * between and took it gets it back (a hard link never overwrites), and this one stops.
 */
function takeOver(path: string, stale: string, inUse: () => Error): void {
  const aside = `${path}.${String(process.pid)}.stale`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readText(aside);
  if (moved !== stale) {
    try {
      linkSync(aside, path);
    } finally {
      rmSync(aside, { force: true });
    }
    throw inUse();
  }
  rmSync(aside, { force: true });
}

function parseHolder(text: string): Holder | null {
  // Locks written before the start time was kept hold only the pid.
  if (/^\d+$/.test(text.trim())) return { pid: Number(text), startTime: null };
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    if (typeof parsed.pid === 'number' && Number.isInteger(parsed.pid) && parsed.pid > 0) {
      return { pid: parsed.pid, startTime: typeof parsed.startTime === 'string' ? parsed.startTime : null };
    }
  } catch {
    // A torn or foreign file: nobody holds it.
  }
  return null;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
