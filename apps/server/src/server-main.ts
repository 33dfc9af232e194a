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
import type { StopSignal } from './stop-signal';

/**
 * The server: configuration, database, migrations, the app and its jobs, then listening. main.ts
 * imports this module only after tracing has started (when it is on), so that the http, fastify
 * and pg modules this one loads are the instrumented ones.
 */
export async function runServer(tracing: Tracing | null, stop: StopSignal): Promise<void> {
  const config = loadConfig();
  // Graceful shutdown (issues 38 and 50): from the first moment, a SIGTERM or SIGINT lets the
  // start-up step running finish whole (a migration, one part of the demo seed) and starts no other,
  // stops accepting (new requests get 503 meanwhile), finishes the requests in flight and the job
  // step running, then closes the database and exits 0. Past SHUTDOWN_GRACE_MS the process exits
  // anyway (1): what was cut resumes at the next start.
  const opened: { release?: () => void; database?: Database; app?: App; backups?: { close: () => Promise<void> } | null } = {};
  let stopping = false;
  let running: Promise<unknown> = Promise.resolve();
  /** A start-up step: none starts once stopping (the process ends in shutdown), and shutdown waits for the one running. */
  const step = <T>(work: () => Promise<T>): Promise<T> => {
    if (stopping) return new Promise<T>(() => undefined);
    const done = work();
    running = done.catch(() => undefined);
    return done;
  };
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const log = opened.app?.log;
    log?.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down: finishing the work in flight');
    const deadline = setTimeout(() => {
      console.error(`work still in flight ${String(config.shutdownGraceMs)} ms after ${signal}: exiting; it resumes at the next start`);
      process.exit(1);
    }, config.shutdownGraceMs + 5_000);
    deadline.unref();
    await running;
    await opened.app?.close();
    await opened.backups?.close();
    await opened.database?.close();
    opened.release?.();
    // The spans still batched go out before the process ends.
    await tracing?.shutdown().catch((error: unknown) => console.warn('the last traces could not be sent', error));
    log?.info('stopped');
    process.exit(0);
  };
  stop.onStop((signal) => void shutdown(signal));

  opened.release = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const database = await step(() => createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize, sharedBuffers: config.embeddedSharedBuffers }));
  opened.database = database;
  await step(() => runMigrations(database));

  const { app, jobs, deps } = await step(() =>
    buildApp({
      db: database.db,
      jobSql: database.jobSql,
      runJobs: true,
      jobConcurrency: config.jobConcurrency,
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
      reorderDigestLocalHour: config.reorderDigestLocalHour,
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
    }),
  );
  opened.app = app;

  // Every background job (e-mail, imports, case notes, the scheduled scans) through one engine.
  if (database.driver === 'pglite') {
    const recovered = await step(() => jobs.recoverAfterCrash());
    if (recovered > 0) app.log.warn({ jobs: recovered }, 'jobs interrupted by the last stop will be retried');
  }
  await step(() => jobs.startWorking());
  // `npm run backup` asks the running server to write the file (the embedded database is open here only).
  opened.backups =
    database.driver === 'pglite'
      ? await step(() =>
          startBackupListener(database, config.dataDir, app.log).catch((error: unknown) => {
            app.log.warn({ err: error }, 'backups while running are unavailable (the socket in DATA_DIR could not be opened): stop the server to run npm run backup');
            return null;
          }),
        )
      : null;

  await step(() => app.listen({ host: config.host, port: config.port }));
  if (config.seedDemo) {
    // The seed goes part by part, each whole, and a stop lets the part running finish and starts no
    // other: the next start adds what is missing (seed/demo.ts).
    const logins = await step(() => database.exclusive(() => seedDemo(deps, { step })));
    printLogins(config.publicUrl, logins);
  }
  console.log(`\nClinic Inventory is running: ${config.publicUrl}  (database: ${database.driver === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})\n`);
}

type Database = Awaited<ReturnType<typeof createDatabase>>;
type App = Awaited<ReturnType<typeof buildApp>>['app'];

function printLogins(url: string, logins: { role: string; email: string; password: string }[]): void {
  console.log(`\nDemo accounts (password unchanged unless you changed it). Sign in at ${url}/ with any of these accounts:`);
  for (const login of logins) console.log(`  ${login.role.padEnd(20)} ${login.email.padEnd(30)} ${login.password}`);
}
