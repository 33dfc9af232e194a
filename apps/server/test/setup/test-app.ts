import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role } from '@clinic/domain';
import { createDatabase, type Database, type Db } from '../../src/db/client';
import { buildApp, type PmsOptions } from '../../src/app';
import { parseNetworks } from '../../src/modules/outbound/address-policy';
import { lookupFrom } from '../fixtures/lookup';
import type { OutboundOptions } from '../../src/modules/outbound/outbound-fetch';
import type { PmsSyncService } from '../../src/modules/pms/sync/pms-sync.service';
import type { JobQueue } from '../../src/jobs/job-queue';
import type { SqlExecutor } from '../../src/db/sql-executor';
import type { DistributorConfig } from '../../src/modules/marketplace/vendors/distributor-vendor';
import type { MarketplaceService } from '../../src/modules/marketplace/marketplace.service';
import type { S3Options } from '../../src/modules/uploads/s3-storage';
import type { AlertsService } from '../../src/modules/alerts/alerts.service';
import type { FilesService } from '../../src/modules/uploads/uploads.service';
import type { OpenAiOptions } from '../../src/modules/transcription/case-notes-ai';
import type { StripeOptions } from '../../src/modules/payments/stripe-payments';
import type { PaymentsService } from '../../src/modules/payments/payments.service';
import type { TranscriptionService } from '../../src/modules/transcription/transcription.service';
import type { TokenService } from '../../src/modules/auth/tokens';
import type { SupportContact } from '../../src/modules/auth/auth.routes';
import type { ServiceDeps } from '../../src/services';
import type { UserRecord } from '../../src/modules/users/users.repo';
import { withDatabase } from './global-setup';

export interface RouteInfo {
  method: string;
  url: string;
  config: unknown;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  tokens: TokenService;
  routes: RouteInfo[];
  /** The job engine: tests run queued jobs by hand (`jobs.drain`); no worker polls. */
  jobs: JobQueue;
  /** The job engine's connection to this app's database (another process's engine opens its own). */
  jobSql: SqlExecutor;
  /** The alert scan the server runs on a timer; tests run it by hand. */
  alerts: AlertsService;
  /** Case-notes jobs; tests run them by hand. */
  transcriptions: TranscriptionService;
  /** File storage as the server uses it (the e-mail worker reads attachments from it). */
  files: FilesService;
  /** Subscriptions: tests run the trial reminders by hand. */
  payments: PaymentsService;
  /** The marketplace: tests run the vendor-order status job by hand. */
  marketplace: MarketplaceService;
  /** The Open Dental sync: tests run it by hand. */
  pmsSync: PmsSyncService;
  /** What the app's services were built with (the demo seed takes them). */
  deps: ServiceDeps;
  /** The local file storage folder of this app. */
  uploadsDir: string;
  /** A bearer token for the user, as login would issue it. */
  tokenFor(user: Pick<UserRecord, 'id' | 'role' | 'organizationId' | 'companyId'>, companyId?: string | null): string;
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Another server process on the same database (the same signing secret): its own caches and queues. */
  sibling(): Promise<Pick<TestApp, 'request' | 'close'>>;
  close(): Promise<void>;
}

async function openDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const template = inject('postgresTemplate');
  if (template) {
    const adminUrl = inject('postgresAdminUrl');
    const name = `clinic_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // CREATE DATABASE ... TEMPLATE fails while another worker is cloning the same template; retry.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (error) {
        if (attempt > 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
    const database = await createDatabase({ databaseUrl: withDatabase(adminUrl, name), poolSize: 20 });
    return {
      database,
      drop: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dump = new Blob([readFileSync(inject('pgliteTemplatePath'))]);
  return { database: await createDatabase({ pgliteDump: dump }), drop: async () => undefined };
}

function injectAs(app: FastifyInstance, { token, headers, ...rest }: InjectOptions & { token?: string }): Promise<LightMyRequestResponse> {
  return app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

export async function createTestApp(options: { now?: () => Date; jwtExpiresIn?: string; jwtSecret?: string; s3?: S3Options; openAi?: OpenAiOptions; stripe?: StripeOptions; distributors?: DistributorConfig[]; trustProxy?: boolean | number | string; logStream?: NodeJS.WritableStream; logLevel?: string; webDist?: string; publicUrl?: string; uploadQuotaMb?: number; support?: SupportContact; idleLogoffMinutes?: number; smtp?: { url: string; from: string }; pms?: PmsOptions; outbound?: OutboundOptions; metricsToken?: string; traceId?: () => string | undefined } = {}): Promise<TestApp> {
  const { database, drop } = await openDatabase();
  const routes: RouteInfo[] = [];
  const uploadsDir = mkdtempSync(join(tmpdir(), 'clinic-uploads-'));
  const jwtSecret = options.jwtSecret ?? randomBytes(32).toString('hex');
  const build = (onRoute?: (route: { method: string | string[]; url: string; config?: unknown }) => void) =>
    buildApp({
      uploadsDir,
      s3: options.s3,
      db: database.db,
      jobSql: database.jobSql,
      smtp: options.smtp,
      jwtSecret,
      jwtExpiresIn: options.jwtExpiresIn,
      publicUrl: options.publicUrl ?? 'http://clinic.test',
      logLevel: options.logLevel ?? process.env.TEST_LOG_LEVEL ?? 'silent',
      logStream: options.logStream,
      traceId: options.traceId,
      webDist: options.webDist,
      now: options.now,
      openAi: options.openAi,
      stripe: options.stripe,
      distributors: options.distributors,
      trustProxy: options.trustProxy,
      uploadQuotaMb: options.uploadQuotaMb,
      support: options.support,
      idleLogoffMinutes: options.idleLogoffMinutes,
      metrics: options.metricsToken ? { token: options.metricsToken, pool: database.poolStats ?? null } : undefined,
      // Open Dental's client without its 5 s pace and with quick retries, so a test against the stand-in (or a closed port) takes milliseconds; plain http to the stand-in on 127.0.0.1 (a test server is not a production one).
      pms: { ...options.pms, openDental: { minIntervalMs: 0, retryDelayMs: 1, maxRetryDelayMs: 5, attempts: 2, timeoutMs: 5_000, localHttp: true, ...options.pms?.openDental } },
      // As an operator allows it with OUTBOUND_ALLOWED_NETWORKS: the stand-ins on 127.0.0.1, and no other private or local
      // address. Names are answered by a table, never by DNS: localhost alone, unless a test gives its own.
      outbound: { allowedNetworks: parseNetworks('127.0.0.1'), lookup: lookupFrom({ localhost: () => ['127.0.0.1'] }), ...options.outbound },
      onRoute,
    });
  const { app, tokens, jobs, alerts, transcriptions, files, payments, marketplace, deps, pmsSync } = await build((route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, config: route.config });
  });
  await app.ready();
  return {
    app,
    db: database.db,
    tokens,
    routes,
    jobs,
    jobSql: database.jobSql,
    alerts,
    transcriptions,
    files,
    payments,
    marketplace,
    deps,
    pmsSync,
    uploadsDir,
    tokenFor: (user, companyId) =>
      tokens.sign({ sub: user.id, role: user.role as Role, organization_id: user.organizationId, company_id: companyId ?? user.companyId }),
    request: (options) => injectAs(app, options),
    sibling: async () => {
      const other = (await build()).app;
      await other.ready();
      return { request: (options) => injectAs(other, options), close: () => other.close() };
    },
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}
