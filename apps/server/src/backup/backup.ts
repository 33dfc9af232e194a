import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { dirname, join, posix, resolve, sep } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { z } from 'zod';
import { createDatabase, type Database } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { knownMigrations, migrationLevel } from '../db/migration-level';
import { SERVER_ROOT } from '../paths';

/**
 * One file holding everything an embedded installation keeps under DATA_DIR: a gzipped tar of
 * manifest.json (first, so a restore checks it before anything else), database/pgdata.tar (PGlite's
 * own dump of its data directory), jwt-secret (when the server generated one) and uploads/...
 * (the locally stored files; scratch files of uploads in progress are left out).
 */
export const BACKUP_FORMAT = 1;

const MANIFEST = 'manifest.json';
const DATABASE = 'database/pgdata.tar';
const JWT_SECRET = 'jwt-secret';
const UPLOADS = 'uploads/';
/** Where a receiving process keeps the file it is still checking (modules/uploads/local-storage.ts). */
const INCOMING = '.incoming';

const ManifestSchema = z.object({
  format: z.number().int(),
  app: z.literal('clinic-inventory'),
  appVersion: z.string(),
  createdAt: z.iso.datetime(),
  database: z.object({
    driver: z.literal('pglite'),
    bytes: z.number().int().min(0),
    migrationsApplied: z.number().int().min(0),
    latestMigration: z.string().nullable(),
  }),
  uploads: z.object({ files: z.number().int().min(0), bytes: z.number().int().min(0) }),
  jwtSecret: z.boolean(),
});
export type BackupManifest = z.infer<typeof ManifestSchema>;

export class BackupError extends Error {}

function appVersion(): string {
  return (JSON.parse(readFileSync(join(SERVER_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Every file under uploads/ as a tar path, leaving out the scratch folders of uploads in progress. */
async function listUploads(uploadsDir: string): Promise<{ name: string; path: string; size: number }[]> {
  const found: { name: string; path: string; size: number }[] = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (prefix === '' && entry.name === INCOMING) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path, `${prefix}${entry.name}/`);
      else if (entry.isFile()) found.push({ name: `${UPLOADS}${prefix}${entry.name}`, path, size: (await stat(path)).size });
    }
  };
  await walk(uploadsDir, '');
  return found;
}

function addEntry(pack: tar.Pack, name: string, content: Buffer): Promise<void> {
  return new Promise((done, fail) => pack.entry({ name, size: content.length, mode: 0o600, mtime: new Date() }, content, (error) => (error ? fail(error) : done())));
}

function addFile(pack: tar.Pack, name: string, path: string, size: number): Promise<void> {
  return new Promise((done, fail) => {
    const entry = pack.entry({ name, size, mode: 0o600, mtime: new Date() }, (error) => (error ? fail(error) : done()));
    const source = createReadStream(path);
    source.on('error', fail);
    source.pipe(entry);
  });
}

export interface BackupResult {
  path: string;
  bytes: number;
  manifest: BackupManifest;
}

/** Where a running server takes backup requests (backup-listener.ts): inside the data directory it owns. */
export function backupSocketPath(dataDir: string): string {
  return join(resolve(dataDir), 'backup.sock');
}

/**
 * Writes the backup file of a data directory whose database is open as `database` (embedded).
 *
 * The database is copied first, as PGlite's dump of its data directory: it runs between two
 * statements (PGlite's query lock), so it is the database as a crash at that moment would leave
 * it, and opening it replays the write-ahead log to the last committed transaction, as after any
 * crash. The uploads are listed after it: stored files are only ever added, never changed or
 * deleted, so every file a row of the copy names is already there (a file stored in between is
 * carried along, unused). The file appears only once complete (written beside it, then renamed).
 */
export async function writeBackup(options: { database: Database; dataDir: string; out: string; now?: Date }): Promise<BackupResult> {
  const { database } = options;
  const dataDir = resolve(options.dataDir);
  const out = resolve(options.out);
  if (!database.dump) throw new BackupError('The database is PostgreSQL (DATABASE_URL): back it up with pg_dump (docs/operations.md, "Backups")');
  if (existsSync(out)) throw new BackupError(`${out} already exists: choose another file with --out`);
  const partial = `${out}.partial`;
  try {
    const level = await migrationLevel(database.db);
    const dump = Buffer.from(await (await database.dump()).arrayBuffer());
    const uploads = await listUploads(join(dataDir, 'uploads'));
    const secretPath = join(dataDir, JWT_SECRET);
    const secret = existsSync(secretPath) ? await readFile(secretPath) : null;
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      app: 'clinic-inventory',
      appVersion: appVersion(),
      createdAt: (options.now ?? new Date()).toISOString(),
      database: { driver: 'pglite', bytes: dump.length, migrationsApplied: level.applied, latestMigration: level.latest },
      uploads: { files: uploads.length, bytes: uploads.reduce((sum, file) => sum + file.size, 0) },
      jwtSecret: secret !== null,
    };

    await mkdir(dirname(out), { recursive: true });
    const pack = tar.pack();
    // The file holds patient data and secrets: only its owner may read it.
    const written = pipeline(pack, createGzip(), createWriteStream(partial, { mode: 0o600, flags: 'wx' }));
    written.catch(() => undefined);
    try {
      await addEntry(pack, MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
      await addEntry(pack, DATABASE, dump);
      if (secret) await addEntry(pack, JWT_SECRET, secret);
      for (const file of uploads) await addFile(pack, file.name, file.path, file.size);
      pack.finalize();
    } catch (error) {
      pack.destroy(error as Error);
    }
    await written;
    await rename(partial, out);
    return { path: out, bytes: (await stat(out)).size, manifest };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * Writes a backup of an embedded installation's data directory to `out` (which must not exist).
 *
 * With no server running it takes the data-directory lock itself (so no server starts on the
 * directory until it is done), opens the database and writes the file. While a server runs it
 * asks that server, which holds the database open, to write it (backup-listener.ts); a server
 * that takes no requests (an older version) makes it refuse.
 */
export async function backupDataDir(options: { dataDir: string; out: string; now?: Date }): Promise<BackupResult & { byServer: boolean }> {
  const dataDir = resolve(options.dataDir);
  const out = resolve(options.out);
  if (!existsSync(join(dataDir, 'pgdata', 'PG_VERSION'))) throw new BackupError(`${dataDir} holds no embedded database (no pgdata/PG_VERSION): set DATA_DIR to the server's data directory`);
  if (existsSync(out)) throw new BackupError(`${out} already exists: choose another file with --out`);

  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    const inUse = (error as Error).message.replace(/; stop it or choose another DATA_DIR$/, '');
    if (!existsSync(backupSocketPath(dataDir))) {
      throw new BackupError(`${inUse}, which takes no backup requests. Stop the server, run the backup (it takes seconds) and start it again.`, { cause: error });
    }
    return { ...(await askServer(dataDir, out)), byServer: true };
  }
  try {
    const database = await createDatabase({ dataDir });
    try {
      return { ...(await writeBackup({ database, dataDir, out, now: options.now })), byServer: false };
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

/** One request on the running server's socket: a line of JSON each way. */
async function askServer(dataDir: string, out: string): Promise<BackupResult> {
  const answer = await new Promise<string>((done, fail) => {
    const socket = connect(backupSocketPath(dataDir));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ out })}\n`));
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => done(text));
    socket.on('error', (error) => fail(new BackupError(`The server on ${dataDir} did not answer the backup request (${error.message}). Stop the server, run the backup and start it again.`, { cause: error })));
  });
  let parsed: { ok: true; result: BackupResult } | { ok: false; error: string };
  try {
    parsed = JSON.parse(answer) as typeof parsed;
  } catch {
    throw new BackupError(`The server on ${dataDir} answered the backup request with something else: ${answer.slice(0, 200)}`);
  }
  if (!parsed.ok) throw new BackupError(`The running server could not write the backup: ${parsed.error}`);
  return parsed.result;
}

/** A tar path of the uploads as a path under `root`, refusing anything that would land outside it. */
function uploadPath(root: string, name: string): string {
  const relative = posix.normalize(name.slice(UPLOADS.length));
  const full = resolve(root, ...relative.split('/'));
  if (relative.startsWith('../') || relative === '..' || posix.isAbsolute(relative) || !full.startsWith(root + sep)) throw new BackupError(`The backup names a file outside the uploads folder (${name}); it is not a backup of this app`);
  return full;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseManifest(text: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError('The backup\'s manifest.json is not JSON: the file is damaged');
  }
  const format = (json as { format?: unknown } | null)?.format;
  if (typeof format === 'number' && format > BACKUP_FORMAT) throw new BackupError(`The backup has format ${String(format)}, newer than this app reads (${String(BACKUP_FORMAT)}): restore it with the version that made it or a newer one`);
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success || parsed.data.format !== BACKUP_FORMAT) throw new BackupError('The backup\'s manifest.json is not one this app wrote: the file is damaged or not a Clinic Inventory backup');
  return parsed.data;
}

export interface RestoreResult {
  dataDir: string;
  manifest: BackupManifest;
}

/**
 * Restores a backup into a new data directory (missing or empty; anything else is refused).
 * It is unpacked beside the target and moved into place only once the manifest, the byte counts
 * and the database (opened, and at the manifest's migration) all check out, so a failed restore
 * leaves nothing behind.
 */
export async function restoreBackup(options: { file: string; dataDir: string }): Promise<RestoreResult> {
  const file = resolve(options.file);
  const target = resolve(options.dataDir);
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  const targetExists = existsSync(target);
  if (targetExists && (await readdir(target)).length > 0) throw new BackupError(`${target} is not empty: restore into a new data directory (--data-dir), never over a live one`);

  const staging = `${target}.restoring-${String(process.pid)}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    let manifest: BackupManifest | null = null;
    let dump: Buffer | null = null;
    let secret = false;
    const uploads = { files: 0, bytes: 0 };
    const uploadsRoot = join(staging, 'uploads');

    const extract = tar.extract();
    extract.on('entry', (header, stream, next) => {
      const handle = async (): Promise<void> => {
        if (manifest === null && header.name !== MANIFEST) throw new BackupError('The file does not start with a manifest.json: it is not a Clinic Inventory backup');
        if (header.type === 'directory') {
          stream.resume();
          return;
        }
        if (header.type !== 'file') throw new BackupError(`The backup holds ${header.name}, which is not a plain file: it is not a backup of this app`);
        if (header.name === MANIFEST) {
          if (manifest !== null) throw new BackupError('The backup holds two manifests: the file is damaged');
          manifest = parseManifest((await readAll(stream)).toString('utf8'));
          const known = knownMigrations();
          if (manifest.database.migrationsApplied > known.length) {
            throw new BackupError(`The backup's database is at migration ${manifest.database.latestMigration ?? String(manifest.database.migrationsApplied)}, newer than this app knows (${known.at(-1)?.tag ?? 'none'}): restore it with the version that made it (${manifest.appVersion}) or a newer one`);
          }
        } else if (header.name === DATABASE) {
          dump = await readAll(stream);
        } else if (header.name === JWT_SECRET) {
          await writeFile(join(staging, JWT_SECRET), await readAll(stream), { mode: 0o600 });
          secret = true;
        } else if (header.name.startsWith(UPLOADS)) {
          const path = uploadPath(uploadsRoot, header.name);
          await mkdir(dirname(path), { recursive: true });
          await pipeline(stream, createWriteStream(path, { flags: 'wx' }) as Writable);
          uploads.files += 1;
          uploads.bytes += (await stat(path)).size;
        } else {
          throw new BackupError(`The backup holds ${header.name}, which this app does not know: it is not a backup of this app`);
        }
      };
      handle().then(() => next(), (error: unknown) => extract.destroy(error as Error));
    });
    try {
      await pipeline(createReadStream(file), createGunzip(), extract);
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw new BackupError(`${file} could not be read as a backup (${(error as Error).message}): the file is damaged or not a Clinic Inventory backup`, { cause: error });
    }

    const found = manifest as BackupManifest | null;
    const database = dump as Buffer | null;
    if (found === null) throw new BackupError(`${file} holds no manifest.json: it is not a Clinic Inventory backup`);
    if (database === null || database.length !== found.database.bytes) throw new BackupError('The backup\'s database is missing or not the size its manifest says: the file is damaged');
    if (uploads.files !== found.uploads.files || uploads.bytes !== found.uploads.bytes) {
      throw new BackupError(`The backup holds ${String(uploads.files)} uploaded files (${String(uploads.bytes)} bytes) where its manifest says ${String(found.uploads.files)} (${String(found.uploads.bytes)} bytes): the file is damaged`);
    }
    if (secret !== found.jwtSecret) throw new BackupError('The backup\'s JWT secret is missing: the file is damaged');

    // Opening the database unpacks it into pgdata/ and proves it starts; its migration level must be the manifest's.
    const restored = await createDatabase({ dataDir: staging, pgliteDump: new Blob([database]) });
    try {
      const level = await migrationLevel(restored.db);
      if (level.applied !== found.database.migrationsApplied) {
        throw new BackupError(`The restored database has ${String(level.applied)} migrations applied where the manifest says ${String(found.database.migrationsApplied)}: the file is damaged`);
      }
    } finally {
      await restored.close();
    }

    if (targetExists) await rmdir(target);
    await rename(staging, target);
    return { dataDir: target, manifest: found };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
