import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database has no lock of its own and two processes on one directory lose rows,
 * so the server owns DATA_DIR through a pid file and refuses to start twice on it.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'server.lock');
  const take = () => {
    const fd = openSync(path, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
  };
  try {
    take();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(path, 'utf8'));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(`${dataDir} is in use by server process ${holder}; stop it or choose another DATA_DIR`, { cause: error });
    }
    rmSync(path, { force: true });
    take();
  }
  return () => rmSync(path, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
