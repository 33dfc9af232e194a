import { join } from 'node:path';
import { loadConfig } from './config/env';
import { createDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { lockDataDir } from './db/data-dir-lock';
import { resolveJwtSecret } from './modules/auth/tokens';
import { buildApp } from './app';
import { DEFAULT_WEB_DIST } from './paths';
import { seedDemo } from './seed/demo';
import { startBackupListener } from './backup/backup-listener';
import type { Tracing } from './tracing/start-tracing';

/**
 * The server: configuration, database, migrations, the app and its jobs, then listening. main.ts
 * imports this module only after tracing has started (when it is on), so that the http, fastify
 * and pg modules this one loads are the instrumented ones.
 */
export async function runServer(tracing: Tracing | null): Promise<void> {
  const config = loadConfig();
  const releaseLock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize, sharedBuffers: config.embeddedSharedBuffers });
  await runMigrations(database);

  const { app, jobs, deps } = await buildApp({
    db: database.db,
    jobSql: database.jobSql,
    runJobs: true,
    smtp: config.smtpUrl ? { url: config.smtpUrl, from: config.mailFrom } : undefined,
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    jwtExpiresIn: config.jwtExpiresIn,
    publicUrl: config.publicUrl,
    webDist: config.webDist ?? DEFAULT_WEB_DIST,
    logLevel: config.logLevel,
    traceId: tracing?.activeTraceId,
    trustProxy: config.trustProxy,
    uploadsDir: join(config.dataDir, 'uploads'),
    s3: config.s3,
    uploadQuotaMb: config.uploadQuotaMb,
    alertExpiryWindowDays: config.alertExpiryWindowDays,
    openAi: config.openAi,
    stripe: config.stripe,
    distributors: config.distributors,
    support: config.support,
    idleLogoffMinutes: config.idleLogoffMinutes,
    shutdownGraceMs: config.shutdownGraceMs,
    metrics: config.metricsToken ? { token: config.metricsToken, pool: database.poolStats ?? null } : undefined,
    // Keys go over plain http only to this computer, and only on a server that is not a production one (a stand-in, a developer's own).
    pms: { secretKey: config.pmsSecretKey, openDental: { localHttp: config.env !== 'production', minIntervalMs: config.openDentalMinIntervalMs } },
    // Addresses an admin types reach public addresses only, and the networks the operator names.
    outbound: { allowedNetworks: config.outboundAllowedNetworks },
  });

  // Every background job (e-mail, imports, case notes, the scheduled scans) through one engine.
  if (database.driver === 'pglite') {
    const recovered = await jobs.recoverAfterCrash();
    if (recovered > 0) app.log.warn({ jobs: recovered }, 'jobs interrupted by the last stop will be retried');
  }
  await jobs.startWorking();
  // `npm run backup` asks the running server to write the file (the embedded database is open here only).
  const backups =
    database.driver === 'pglite'
      ? await startBackupListener(database, config.dataDir, app.log).catch((error: unknown) => {
          app.log.warn({ err: error }, 'backups while running are unavailable (the socket in DATA_DIR could not be opened): stop the server to run npm run backup');
          return null;
        })
      : null;

  // Graceful shutdown (issue 38): stop accepting (new requests get 503 meanwhile), finish the
  // requests in flight and the job step running, then close the database and exit 0. Past
  // SHUTDOWN_GRACE_MS the process exits anyway (1): what was cut resumes at the next start.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down: finishing the work in flight');
    const deadline = setTimeout(() => {
      app.log.error({ graceMs: config.shutdownGraceMs }, 'work still in flight after the grace period: exiting; it resumes at the next start');
      process.exit(1);
    }, config.shutdownGraceMs + 5_000);
    deadline.unref();
    await app.close();
    await backups?.close();
    await database.close();
    releaseLock();
    // The spans still batched go out before the process ends.
    await tracing?.shutdown().catch((error: unknown) => app.log.warn({ err: error }, 'the last traces could not be sent'));
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  if (config.seedDemo) {
    printLogins(config.publicUrl, await database.exclusive(() => seedDemo(deps)));
  }
  console.log(`\nClinic Inventory is running: ${config.publicUrl}  (database: ${database.driver === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})\n`);
}

function printLogins(url: string, logins: { role: string; email: string; password: string }[]): void {
  console.log(`\nDemo accounts (password unchanged unless you changed it). Sign in at ${url}/ with any of these accounts:`);
  for (const login of logins) console.log(`  ${login.role.padEnd(20)} ${login.email.padEnd(30)} ${login.password}`);
}
