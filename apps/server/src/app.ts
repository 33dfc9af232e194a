import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import { constants as zlibConstants } from 'node:zlib';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_ALERT_EXPIRY_WINDOW_DAYS, MAX_UPLOAD_BYTES } from '@clinic/domain';
import type { Db } from './db/client';
import type { SqlExecutor } from './db/sql-executor';
import { createJobQueue, type JobQueue } from './jobs/job-queue';
import { QUEUES, type QueueConcurrency } from './jobs/queues';
import { registerLocationJobs } from './location-jobs';
import { DEFAULT_DIGEST_LOCAL_HOUR } from './modules/reorder/reorder-digest.service';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { createJobsService } from './modules/jobs/jobs.service';
import { pendingEmailCount } from './modules/mail/outbox.reads';
import { createEmailDelivery, type EmailDelivery } from './modules/mail/email-delivery';
import { withLedger, type ServiceDeps } from './services';
import { registerErrorHandler } from './http/errors';
import { createResponseSerializerCompiler } from './http/response-serializer';
import { registerAuthentication } from './http/authenticate';
import { readinessRoutes } from './http/readiness';
import { registerSafeInput } from './http/safe-input';
import { openApiTransform } from './http/openapi-transform';
import { logSerializers } from './http/log-safety';
import { inlineScriptSources } from './http/inline-script-hashes';
import { registerSecurityHeaders } from './http/security-headers';
import { createTokenService, type TokenService } from './modules/auth/tokens';
import { createAuthService } from './modules/auth/auth.service';
import { authRoutes, type SupportContact } from './modules/auth/auth.routes';
import { createUsersService } from './modules/users/users.service';
import { countUsersInCompany } from './modules/users/users.reads';
import { usersRoutes } from './modules/users/users.routes';
import { createOrganizationsService } from './modules/organizations/organizations.service';
import { organizationsRoutes } from './modules/organizations/organizations.routes';
import { createCompaniesService } from './modules/companies/companies.service';
import { companiesRoutes } from './modules/companies/companies.routes';
import { createSuppliersService } from './modules/suppliers/suppliers.service';
import { suppliersRoutes } from './modules/suppliers/suppliers.routes';
import { createLocalStorage } from './modules/uploads/local-storage';
import { createS3Storage, type S3Options } from './modules/uploads/s3-storage';
import { createReadSigner } from './modules/uploads/storage';
import { createFilesService, type FilesService } from './modules/uploads/uploads.service';
import { DEFAULT_UPLOAD_QUOTA_MB, uploadQuotaBytes } from './modules/uploads/quota';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { createCategoriesService } from './modules/categories/categories.service';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { createProductsService } from './modules/products/products.service';
import { countProductsByCategory } from './modules/products/products.reads';
import { associatedTreatments } from './modules/treatments/treatments.reads';
import { productsRoutes } from './modules/products/products.routes';
import { createImportsService, type ImportsService } from './modules/imports/imports.service';
import { importsRoutes } from './modules/imports/imports.routes';
import { createStockService } from './modules/stock/stock.service';
import { stockRoutes } from './modules/stock/stock.routes';
import { createPlacesService } from './modules/places/places.service';
import { placesRoutes } from './modules/places/places.routes';
import { createCountsService } from './modules/counts/counts.service';
import { countsRoutes } from './modules/counts/counts.routes';
import { createReorderService, type ReorderService } from './modules/reorder/reorder.service';
import { reorderRoutes } from './modules/reorder/reorder.routes';
import { createSuggestionsService, type SuggestionsService } from './modules/reorder/suggestions.service';
import { suggestionsRoutes } from './modules/reorder/suggestions.routes';
import { createPmsService } from './modules/pms/chair/pms.service';
import { createUpcomingService } from './modules/pms/upcoming/upcoming.service';
import { createPmsConnectionService } from './modules/pms/connection/pms-connection.service';
import { createPmsSyncService, type PmsSyncService } from './modules/pms/sync/pms-sync.service';
import { createOpenDentalConnector, type OpenDentalOptions } from './modules/pms/open-dental/open-dental-connector';
import { databasePace, sharedConnectors } from './modules/pms/connection/pms-keys';
import { createOutboundClient, type OutboundOptions } from './modules/outbound/outbound-fetch';
import { createSecretBox } from './core/secret-box';
import { pmsRoutes } from './modules/pms/pms.routes';
import { createProductionService } from './modules/pms/production/production.service';
import { createReorderDigestService, type ReorderDigestService } from './modules/reorder/reorder-digest.service';
import { reorderDigestRoutes } from './modules/reorder/reorder-digest.routes';
import { createTransfersService } from './modules/transfers/transfers.service';
import { transfersRoutes } from './modules/transfers/transfers.routes';
import { createAlertsService, type AlertsService } from './modules/alerts/alerts.service';
import { createRunningListsService } from './modules/purchasing/running-lists.service';
import { createPurchaseOrdersService } from './modules/purchasing/purchase-orders.service';
import { purchasingRoutes } from './modules/purchasing/purchasing.routes';
import { createProductRequestsService } from './modules/purchasing/product-requests.service';
import { createRequestsWithoutSupplierService } from './modules/purchasing/requests-without-supplier.service';
import { productRequestRoutes } from './modules/purchasing/product-requests.routes';
import { createTreatmentCategoriesService } from './modules/treatments/treatment-categories.service';
import { createTreatmentsService } from './modules/treatments/treatments.service';
import { treatmentsRoutes } from './modules/treatments/treatments.routes';
import { createTreatmentLogsService } from './modules/treatment-logs/treatment-logs.service';
import { createTrayProposalService } from './modules/treatment-logs/tray-proposal.service';
import { trayProposalRoutes } from './modules/treatment-logs/tray-proposal.routes';
import { createLocalTrayProposer } from './modules/treatment-logs/tray-proposer';
import { createOpenAiTrayProposer } from './modules/treatment-logs/tray-proposer-ai';
import { treatmentLogsRoutes } from './modules/treatment-logs/treatment-logs.routes';
import { createRecallService } from './modules/recall/recall.service';
import { createAuditService } from './modules/audit/audit.service';
import { auditRoutes } from './modules/audit/audit.routes';
import { recallRoutes } from './modules/recall/recall.routes';
import { createOpenAiCaseNotes, type OpenAiOptions } from './modules/transcription/case-notes-ai';
import { createTranscriptionService, type TranscriptionService } from './modules/transcription/transcription.service';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { createTreatmentImportService } from './modules/imports/treatment-import';
import { createReportsService } from './modules/reports/reports.service';
import { createLocalPayments } from './modules/payments/local-payments';
import { createStripePayments, type StripeOptions } from './modules/payments/stripe-payments';
import { createPaymentsService, type PaymentsService } from './modules/payments/payments.service';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { createOpenAiAssistant } from './modules/assistant/assistant-ai';
import { createAssistantService } from './modules/assistant/assistant.service';
import { assistantRoutes } from './modules/assistant/assistant.routes';
import { createMarketplaceService, type MarketplaceService } from './modules/marketplace/marketplace.service';
import { createDistributorVendors, type DistributorConfig } from './modules/marketplace/vendors/distributor-vendor';
import { marketplaceRoutes } from './modules/marketplace/marketplace.routes';
import { createPriceListsService } from './modules/marketplace/price-lists.service';
import { priceListsRoutes } from './modules/marketplace/price-lists.routes';
import { createSupplierVendors } from './modules/marketplace/vendors/supplier-vendor';

export interface BuildAppOptions {
  /** /metrics with this bearer token (METRICS_TOKEN), and the pool's connections to report (null: embedded). */
  metrics?: { token: string; pool: (() => { total: number; idle: number; waiting: number }) | null } | undefined;
  /** On close (SIGTERM), how long the job step running may take to finish (ms; default 10 s). */
  shutdownGraceMs?: number;
  db: Db;
  /** The job engine's own way to the same database (Database.jobSql). */
  jobSql: SqlExecutor;
  /**
   * Run background work here: poll the queues, the cron schedules and the engine's upkeep (the
   * server process). Off, jobs run only when asked (`jobs.drain`, a request's kick): tests.
   */
  runJobs?: boolean;
  /** How many jobs of a queue this process runs at once (JOBS_*_CONCURRENCY; one unless given). */
  jobConcurrency?: QueueConcurrency | undefined;
  /** Outbox delivery over SMTP (SMTP_URL, MAIL_FROM); without it e-mails wait in the outbox. */
  smtp?: { url: string; from: string } | undefined;
  jwtSecret: string;
  jwtExpiresIn?: string;
  publicUrl?: string;
  /** Folder of the built web app; when present it is served with history fallback. */
  webDist?: string | undefined;
  logLevel?: string;
  /**
   * The active span's trace id, when tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT, tracing/start-tracing.ts):
   * added to log lines and 500 answers, so a line or a report leads to its trace.
   */
  traceId?: (() => string | undefined) | undefined;
  /** Where the log goes (stdout by default); tests read it. */
  logStream?: NodeJS.WritableStream | undefined;
  /** Fastify's trustProxy: false (default), true, a hop count, or the proxies' addresses/CIDRs. */
  trustProxy?: boolean | number | string | undefined;
  now?: () => Date;
  /** Folder of the local file storage (DATA_DIR/uploads); ignored when `s3` is given. */
  uploadsDir: string;
  s3?: S3Options | undefined;
  /** Megabytes of files each organization may store (UPLOAD_QUOTA_MB_PER_ORGANIZATION); 0 for no limit. */
  uploadQuotaMb?: number | undefined;
  /** Days ahead a lot counts as expiring (ALERT_EXPIRY_WINDOW_DAYS, default 30). */
  alertExpiryWindowDays?: number;
  /** The hour of a location's own day from which its reorder digests leave (REORDER_DIGEST_LOCAL_HOUR, default 7). */
  reorderDigestLocalHour?: number;
  /** The OpenAI-compatible endpoint for case notes; without it case-notes jobs fail saying so. */
  openAi?: OpenAiOptions | undefined;
  /** Card payments through Stripe when set; otherwise the app's own test checkout (no card is charged). */
  stripe?: StripeOptions | undefined;
  /** Marketplace distributors with an ordering API (docs/vendor-api.md); none by default. */
  distributors?: readonly DistributorConfig[] | undefined;
  /** The booking page and support address a pending organization is offered (GET /api/config). */
  support?: SupportContact | undefined;
  /** Minutes without activity before the web app signs out (GET /api/config); 30 when unset. */
  idleLogoffMinutes?: number | undefined;
  /** The practice-management link (issue 36): the key sealing connections' keys, Open Dental's pace and retries. */
  pms?: PmsOptions | undefined;
  /**
   * Connections to addresses an admin types or a vendor is configured at: public addresses only,
   * plus the networks the operator allows (OUTBOUND_ALLOWED_NETWORKS); checked at the connect.
   */
  outbound?: OutboundOptions | undefined;
  /** Lets tests see every registered route (the authorization matrix walks them). */
  onRoute?: (route: { method: string | string[]; url: string; config?: unknown }) => void;
}

export interface PmsOptions {
  /** PMS_SECRET_KEY: seals the keys of practice-management connections; unset, keys cannot be saved. */
  secretKey?: string | undefined;
  /**
   * Open Dental's client: its documented pace (one request per 5 s) and retries unless given (tests
   * make them fast); plain http to this computer only when `localHttp` (never in production).
   */
  openDental?: Partial<Pick<OpenDentalOptions, 'timeoutMs' | 'attempts' | 'retryDelayMs' | 'maxRetryDelayMs' | 'minIntervalMs' | 'overlapSeconds' | 'localHttp'>> | undefined;
  /** How long one location's sync run may keep starting pages (2 minutes). */
  syncBudgetMs?: number | undefined;
}

export interface BuiltApp {
  app: FastifyInstance;
  tokens: TokenService;
  /** The job engine, its queues' handlers registered: main.ts starts the workers (`startWorking`). */
  jobs: JobQueue;
  imports: ImportsService;
  alerts: AlertsService;
  /** Case notes from recordings (the case-notes queue). */
  transcriptions: TranscriptionService;
  /** File storage: e-mail delivery attaches stored files (purchase-order PDFs) from it. */
  files: FilesService;
  /** Subscriptions (the trial-reminders queue). */
  payments: PaymentsService;
  /** Vendor orders (the vendor-orders queue). */
  marketplace: MarketplaceService;
  /** What the services were built with: the first-start demo seed builds the ones it calls from them. */
  deps: ServiceDeps;
  /** The Open Dental sync (the pms-sync queue). */
  pmsSync: PmsSyncService;
}

/** Trust the nearest n proxies: their forwarded address is believed, the next one's is not. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Adds `traceId` to the log lines written inside a traced request. */
function traceIdMixin(traceId: () => string | undefined) {
  return () => {
    const id = traceId();
    return id ? { traceId: id } : {};
  };
}

export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      serializers: logSerializers,
      ...(options.traceId ? { mixin: traceIdMixin(options.traceId) } : {}),
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Forwarded headers name the client only behind a proxy the operator vouches for (TRUST_PROXY):
    // otherwise any client could pick its own address and slip past per-address limits.
    trustProxy: typeof options.trustProxy === 'number' ? trustHops(options.trustProxy) : (options.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { coerceTypes: false } },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(await createResponseSerializerCompiler());
  registerErrorHandler(app, options.traceId);
  registerSafeInput(app);
  await registerSecurityHeaders(app, { publicUrl: options.publicUrl ?? 'http://localhost:3000', s3: options.s3, inlineScripts: inlineScriptSources(options.webDist) });
  if (options.onRoute) {
    const listener = options.onRoute;
    app.addHook('onRoute', (route) => listener({ method: route.method, url: route.url, config: route.config }));
  }

  const tokens = createTokenService(options.jwtSecret, options.jwtExpiresIn ?? '12h');
  const now = options.now ?? (() => new Date());
  const local = options.s3 ? null : { storage: createLocalStorage(options.uploadsDir, options.jwtSecret), root: options.uploadsDir };
  const files = createFilesService({
    db: options.db,
    storage: local?.storage ?? createS3Storage(options.s3!),
    reads: createReadSigner(options.jwtSecret, now),
    now,
    quotaBytes: uploadQuotaBytes(options.uploadQuotaMb ?? DEFAULT_UPLOAD_QUOTA_MB),
  });
  // One guarded client for every request to a typed or configured vendor address (issue 50, item 5).
  // Its hook is added before the job engine's, so it closes after the jobs in flight have finished
  // (onClose hooks run last-added first).
  const outbound = createOutboundClient(options.outbound);
  app.addHook('onClose', () => outbound.close());
  const jobs = createJobQueue(options.jobSql, app.log, { work: options.runJobs ?? false, ...(options.jobConcurrency ? { concurrency: options.jobConcurrency } : {}) });
  await jobs.connect();
  app.addHook('onClose', () => jobs.stop(options.shutdownGraceMs));
  const deps: ServiceDeps = withLedger({
    jobs,
    db: options.db,
    tokens,
    now,
    publicUrl: options.publicUrl ?? 'http://localhost:3000',
    files,
    alertExpiryWindowDays: options.alertExpiryWindowDays ?? DEFAULT_ALERT_EXPIRY_WINDOW_DAYS,
    reorderDigestLocalHour: options.reorderDigestLocalHour ?? DEFAULT_DIGEST_LOCAL_HOUR,
  });
  const auth = createAuthService(deps);
  const imports = createImportsService(deps);
  const alerts = createAlertsService(deps);
  const paymentProvider = options.stripe ? createStripePayments(options.stripe) : createLocalPayments(deps.publicUrl);
  const payments = createPaymentsService(deps, paymentProvider);
  const transcriptions = createTranscriptionService(deps, options.openAi ? createOpenAiCaseNotes(options.openAi) : null);
  // Issue 55: the tray a case note proposes; through the case notes' endpoint when one is configured, the local matcher when it fails.
  const localTrayProposer = createLocalTrayProposer();
  const trayProposer = options.openAi
    ? createOpenAiTrayProposer(options.openAi, localTrayProposer, (error) => { app.log.warn({ err: error }, 'tray proposal service failed; the local matcher proposed'); })
    : localTrayProposer;
  const distributors = createDistributorVendors(options.db, options.distributors ?? [], outbound.fetch);
  await distributors.start();
  const marketplace = createMarketplaceService(deps, [createSupplierVendors(options.db), distributors]);
  const reorder = createReorderService(deps);
  const suggestions = createSuggestionsService(deps, reorder, marketplace);
  const reorderDigest = createReorderDigestService(deps);
  const secretBox = createSecretBox(options.pms?.secretKey);
  // The pace per key lives in the database: every process asking with a practice's keys keeps it together (issue 53).
  const connect = sharedConnectors((access) => createOpenDentalConnector({ ...options.pms?.openDental, ...access, fetch: outbound.fetch, pace: databasePace(options.db, access) }));
  const pmsSync = createPmsSyncService(deps, { connect, secretBox, budgetMs: options.pms?.syncBudgetMs, paceMs: options.pms?.openDental?.minIntervalMs });
  registerJobHandlers(jobs, { imports, alerts, transcriptions, payments, marketplace, files, reorder, suggestions, reorderDigest, pmsSync }, options.smtp ? createEmailDelivery(options.db, options.smtp.url, options.smtp.from, files.storage) : null, app, options.jobSql, now);

  // /metrics only when a token is set: prom-client is loaded then, and never otherwise.
  if (options.metrics) {
    const { registerMetrics } = await import('./http/metrics');
    const jobsView = createJobsService(deps);
    await registerMetrics(app, {
      token: options.metrics.token,
      jobQueues: async () => (await jobsView.overview()).queues,
      pendingEmails: () => pendingEmailCount(options.db),
      pool: options.metrics.pool,
    });
  }

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Clinic Inventory API', version: '0.1.0' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } }, security: [{ bearer: [] }] },
    transform: openApiTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Named: a plugin's name is its function's, and traces' hook spans name the plugin (an arrow would be named by its source text).
  await app.register(
    async function apiRoutes(api) {
      // JSON answers are compressed when the client accepts it (brotli at a speed-friendly level).
      await api.register(fastifyCompress, { threshold: 2048, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });
      // Multipart for every route that takes a file (local uploads, recordings, price lists), whatever the storage.
      await api.register(fastifyMultipart, { throwFileSizeLimit: false, limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 16 * 1024 } });
      const zapi = api.withTypeProvider<ZodTypeProvider>();
      registerAuthentication(
        zapi,
        async (token) => {
          const claims = tokens.verify(token);
          return claims ? auth.loadActor(claims) : null;
        },
        now,
      );
      authRoutes(zapi, auth, options.support, options.idleLogoffMinutes);
      readinessRoutes(zapi, options.db, jobs);
      usersRoutes(zapi, createUsersService(deps, auth));
      organizationsRoutes(zapi, createOrganizationsService(deps));
      companiesRoutes(zapi, createCompaniesService(deps, { countUsersInCompany }));
      suppliersRoutes(zapi, createSuppliersService(deps));
      await uploadsRoutes(zapi, files, local);
      categoriesRoutes(zapi, createCategoriesService(deps, { countProductsByCategory }));
      productsRoutes(zapi, createProductsService(deps, { associatedTreatments }));
      importsRoutes(zapi, imports, createTreatmentImportService(deps));
      stockRoutes(zapi, createStockService(deps));
      placesRoutes(zapi, createPlacesService(deps));
      countsRoutes(zapi, createCountsService(deps));
      reorderRoutes(zapi, reorder);
      suggestionsRoutes(zapi, suggestions);
      reorderDigestRoutes(zapi, reorderDigest, deps.publicUrl);
      transfersRoutes(zapi, createTransfersService(deps));
      alertsRoutes(zapi, alerts);
      purchasingRoutes(zapi, createRunningListsService(deps), createPurchaseOrdersService(deps));
      // A request is routed by the marketplace's comparison (issue 50), handed in: the marketplace depends on purchasing.
      productRequestRoutes(zapi, createProductRequestsService(deps, marketplace), createRequestsWithoutSupplierService(deps));
      treatmentsRoutes(zapi, createTreatmentCategoriesService(deps), createTreatmentsService(deps));
      treatmentLogsRoutes(zapi, createTreatmentLogsService(deps, transcriptions));
      trayProposalRoutes(zapi, createTrayProposalService(deps, trayProposer));
      pmsRoutes(zapi, createPmsService(deps), createProductionService(deps), createPmsConnectionService(deps, secretBox, connect, pmsSync), createUpcomingService(deps));
      recallRoutes(zapi, createRecallService(deps));
      auditRoutes(zapi, createAuditService(deps));
      jobsRoutes(zapi, createJobsService(deps));
      reportsRoutes(zapi, createReportsService(deps));
      await paymentsRoutes(zapi, payments, paymentProvider);
      assistantRoutes(zapi, createAssistantService(deps, options.openAi ? createOpenAiAssistant(options.openAi) : null));
      priceListsRoutes(zapi, createPriceListsService(deps));
      marketplaceRoutes(zapi, marketplace);
    },
    { prefix: '/api' },
  );

  const webDist = options.webDist;
  const hasWeb = webDist !== undefined && existsSync(webDist);
  // The sign-in page prerendered by the web build (apps/web/sign-in.html): / opens it without the app's JavaScript.
  const hasSignInPage = hasWeb && existsSync(join(webDist, 'sign-in.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build wrote .br and .gz copies (apps/web/scripts/precompress.mjs): sent as they are.
      preCompressed: true,
      // Hashed assets never change under their name; index.html, the service worker (sw.js) and the web
      // manifest must be asked for again each time: a new version is found through them (issue 52).
      setHeaders: (res, path) => {
        res.header('Cache-Control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // HEAD is answered wherever GET is (the app's routes too), as HTTP expects.
    if (request.url.startsWith('/api') || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
    }
    const page = hasSignInPage && request.url.split('?')[0] === '/' ? 'sign-in.html' : 'index.html';
    return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile(page);
  });

  return { app, tokens, jobs, imports, alerts, transcriptions, files, payments, marketplace, deps, pmsSync };
}

/** What runs each queue's jobs (jobs/queues.ts names them, their retries and schedules). */
function registerJobHandlers(
  jobs: JobQueue,
  services: Pick<BuiltApp, 'imports' | 'alerts' | 'transcriptions' | 'payments' | 'marketplace' | 'files'> & { reorder: ReorderService; suggestions: SuggestionsService; reorderDigest: ReorderDigestService; pmsSync: PmsSyncService },
  email: EmailDelivery | null,
  app: FastifyInstance,
  jobSql: SqlExecutor,
  now: () => Date,
): void {
  // Without SMTP the e-mail jobs wait (the admin's Outbox shows the messages) until a server has it.
  if (email) {
    jobs.handle(QUEUES.email, email.deliver);
    app.addHook('onClose', async () => { email.close(); });
  }
  jobs.handle(QUEUES.productImport, services.imports.runJob);
  jobs.handle(QUEUES.caseNotes, services.transcriptions.run);
  jobs.handle(QUEUES.alertScan, () => services.alerts.scan());
  jobs.handle(QUEUES.trialReminders, async () => { await services.payments.remindEndingTrials(); });
  jobs.handle(QUEUES.vendorOrders, async () => { await services.marketplace.refreshOrders(); });
  jobs.handle(QUEUES.uploadSweep, async () => {
    const { grants } = await services.files.sweep();
    if (grants > 0) app.log.info({ grants }, 'forgot unused upload grants');
  });
  // The practice sync, the nightly forecasts and the digests: one job per location (issue 53).
  registerLocationJobs(jobs, jobSql, services, app.log, now);
}
