import { chmodSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { isAbsolute } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { BackupError, backupSocketPath, writeBackup, type BackupResult } from './backup';

type Answer = { ok: true; result: BackupResult } | { ok: false; error: string };

/**
 * Lets `npm run backup` back up the embedded database while this server runs on it: the
 * command cannot open a database another process holds open, so it asks, on a Unix socket in the
 * data directory (readable by the server's user only, who can read the whole directory anyway),
 * and this process writes the file with its own open database (writeBackup says why the copy is
 * consistent). One request is a line of JSON, {"out": "/absolute/file.tar.gz"}, answered by one
 * line; one backup at a time.
 */
export async function startBackupListener(database: Database, dataDir: string, log: Pick<FastifyBaseLogger, 'info' | 'error'>): Promise<{ close(): Promise<void> }> {
  const path = backupSocketPath(dataDir);
  // Only a killed server leaves one behind: this process holds the data-directory lock now.
  rmSync(path, { force: true });
  let busy = false;
  const server = createServer((socket) => {
    let text = '';
    let asked = false;
    const reply = (answer: Answer) => socket.end(`${JSON.stringify(answer)}\n`);
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      if (asked) return;
      text += chunk;
      const newline = text.indexOf('\n');
      if (newline < 0) {
        if (text.length > 10_000) socket.destroy();
        return;
      }
      asked = true;
      let out: unknown;
      try {
        out = (JSON.parse(text.slice(0, newline)) as { out?: unknown } | null)?.out;
      } catch {
        out = undefined;
      }
      if (typeof out !== 'string' || !isAbsolute(out)) return reply({ ok: false, error: 'send one line {"out": "/absolute/path/of/the/backup.tar.gz"}' });
      if (busy) return reply({ ok: false, error: 'another backup is being written; try again once it is done' });
      busy = true;
      writeBackup({ database, dataDir, out })
        .then(
          (result) => {
            log.info({ path: result.path, bytes: result.bytes }, 'backup written');
            reply({ ok: true, result });
          },
          (error: unknown) => {
            log.error({ err: error, path: out }, 'backup failed');
            reply({ ok: false, error: error instanceof BackupError ? error.message : `could not write ${out}: ${(error as Error).message}` });
          },
        )
        .finally(() => {
          busy = false;
        });
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(path, () => {
      server.off('error', fail);
      done();
    });
  });
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((done) => {
        server.close(() => {
          rmSync(path, { force: true });
          done();
        });
      }),
  };
}
