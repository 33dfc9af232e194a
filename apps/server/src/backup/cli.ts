// `npm run backup [-- --out FILE] [--data-dir DIR]` and `npm run restore FILE [-- --data-dir DIR]`
// (docs/operations.md, "Backups"). Paths are taken from where npm was run (INIT_CWD).
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env';
import { BackupError, backupDataDir, restoreBackup } from './backup';

const cwd = process.env.INIT_CWD ?? process.cwd();

function size(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

/** 2026-11-26T04:50:12.345Z -> 20261126-045012 */
function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

function shown(path: string): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') ? rel : path;
}

async function backup(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' }, 'data-dir': { type: 'string' } }, allowPositionals: false });
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: the data lives in PostgreSQL, which this command does not back up. Use pg_dump (and WAL archiving for point-in-time recovery) as docs/operations.md, "Backups", describes; with local uploads, back up DATA_DIR/uploads as files too.',
    );
  }
  const now = new Date();
  const dataDir = resolve(cwd, values['data-dir'] ?? config.dataDir);
  const out = resolve(cwd, values.out ?? join('backups', `clinic-backup-${stamp(now)}.tar.gz`));
  const result = await backupDataDir({ dataDir, out, now });
  const { database, uploads } = result.manifest;
  console.log(`Wrote ${shown(result.path)} (${size(result.bytes)})${result.byServer ? ', written by the server running on the data directory' : ''}`);
  console.log(`  database: ${shown(dataDir)}, migration ${database.latestMigration ?? String(database.migrationsApplied)} (${size(database.bytes)} uncompressed)`);
  console.log(`  uploads: ${String(uploads.files)} files (${size(uploads.bytes)})${config.s3 ? `; uploads in S3 bucket ${config.s3.bucket} are not in this file (docs/operations.md)` : ''}`);
  console.log(`  JWT secret: ${result.manifest.jwtSecret ? 'included' : config.jwtSecret ? 'not included (JWT_SECRET is set in the environment; keep it with the backup)' : 'none yet'}`);
  console.log('It holds patient data and secrets: keep it encrypted, and a copy away from this machine.');
}

async function restore(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, options: { 'data-dir': { type: 'string' } }, allowPositionals: true });
  if (positionals.length !== 1) throw new BackupError('Name the backup file: npm run restore FILE [-- --data-dir DIR]');
  const file = resolve(cwd, positionals[0]!);
  const dataDir = resolve(cwd, values['data-dir'] ?? `data-restored-${stamp(new Date())}`);
  const { manifest } = await restoreBackup({ file, dataDir });
  console.log(`Restored ${shown(file)} (made ${manifest.createdAt} by version ${manifest.appVersion}) into ${shown(dataDir)}`);
  console.log(`  database at migration ${manifest.database.latestMigration ?? String(manifest.database.migrationsApplied)}, ${String(manifest.uploads.files)} uploaded files, JWT secret ${manifest.jwtSecret ? 'included' : 'not included'}`);
  console.log('Start the server on it (without DATABASE_URL; the server applies any newer migrations at start):');
  console.log(`  DATA_DIR=${dataDir} npm start`);
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'backup') await backup(args);
  else if (command === 'restore') await restore(args);
  else throw new BackupError('Use: backup [--out FILE] [--data-dir DIR] | restore FILE [--data-dir DIR]');
}

main().catch((error: unknown) => {
  const expected = error instanceof BackupError || (error instanceof Error && (error.message.startsWith('Invalid configuration') || String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS')));
  console.error(expected ? (error as Error).message : error);
  process.exit(1);
});
