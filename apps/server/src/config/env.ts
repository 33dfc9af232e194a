import { z } from 'zod';
import type { S3Options } from '../modules/uploads/s3-storage';
import type { OpenAiOptions } from '../modules/transcription/case-notes-ai';
import type { StripeOptions } from '../modules/payments/stripe-payments';
import type { DistributorConfig } from '../modules/marketplace/vendors/distributor-vendor';
import type { SupportContact } from '../modules/auth/auth.routes';
import { parseSecretKey, SecretBoxError } from '../core/secret-box';
import { parseNetworks, type Network } from '../modules/outbound/address-policy';
import type { QueueConcurrency } from '../jobs/queues';

/**
 * Practice syncs one process runs at once by default (issue 53). A sync mostly waits for Open
 * Dental's pace (5 s a request per key) without holding a database connection: bench:fleet's first
 * runs took 85 s each (17 requests) and later ones 5-10 s, so 300 practices on one process at 4 at a
 * time would need about 2 hours for a first read and more than a 5-minute round after; at 32 one
 * process read them all in 14.5 minutes on a busy machine (a practice waited 11.6 minutes between
 * two reads meanwhile), so PostgreSQL takes 64: at 64 the first read of 300 is about 6.6 minutes
 * of pace. The embedded database (one clinic,
 * statements one at a time) keeps 4: each worker polls its queue, and idle polls cost it the most.
 */
const PMS_SYNC_CONCURRENCY = { postgres: 64, embedded: 4 } as const;

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** The embedded database's own cache: PostgreSQL's 128MB default is most of an idle server's memory. */
  EMBEDDED_SHARED_BUFFERS: z.string().regex(/^\d+(kB|MB|GB)$/, 'use a size such as 32MB').default('32MB'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_EXPIRES_IN: z.string().regex(/^\d+[smhd]$/, 'use a number and s, m, h or d, e.g. 12h').default('12h'),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Clinic Inventory <no-reply@clinic.local>'),
  BOOKING_URL: z.url({ protocol: /^https?$/, error: 'use an http(s) address of the booking page' }).optional(),
  SUPPORT_EMAIL: z.email('use an e-mail address').optional(),
  IDLE_LOGOFF_MINUTES: z.coerce.number().int().min(2, 'at least 2 minutes').max(720).default(30),
  SEED_DEMO: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  // On SIGTERM: how long the requests in flight and the job step running may take before the process exits anyway.
  // /metrics answers only with this bearer token; unset, there is no /metrics.
  METRICS_TOKEN: z.string().trim().min(16, 'use at least 16 characters').optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  UPLOAD_QUOTA_MB_PER_ORGANIZATION: z.coerce.number().int('use a whole number of megabytes').min(0).max(100_000_000).default(5120),
  ALERT_EXPIRY_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  REORDER_DIGEST_LOCAL_HOUR: z.coerce.number().int('use a whole hour, 0 to 23').min(0).max(23).default(7),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_TRANSCRIPTION_MODEL: z.string().min(1).default('whisper-1'),
  OPENAI_CHAT_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_ASSISTANT_MODEL: z.string().min(1).default('gpt-4o-audio-preview'),
  TRUST_PROXY: z.string().trim().min(1).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE: z.url().optional(),
  /** JSON: [{"code":"...","name":"...","url":"https://...","key":"...","email":"..."}], distributors with an ordering API. */
  MARKETPLACE_DISTRIBUTORS: z.string().optional(),
  /** 32 random bytes (base64 or hex) that encrypt practice-management keys at rest (core/secret-box.ts). */
  PMS_SECRET_KEY: z.string().trim().min(1).optional(),
  // Open Dental's free tier answers one request per 5 s; a paid tier (or a test stand-in) answers faster.
  OPEN_DENTAL_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  // How many per-location jobs (issue 53) one server process runs at once, per queue; each process adds its own.
  // Unset: 64 on PostgreSQL, 4 on the embedded database (PMS_SYNC_CONCURRENCY above).
  JOBS_PMS_SYNC_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  JOBS_REORDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  JOBS_DIGEST_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  // Private or local networks that addresses an admin types (Open Dental's) may reach, e.g. "192.168.10.0/24"; unset: public addresses only.
  OUTBOUND_ALLOWED_NETWORKS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseNetworks(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
});

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  embeddedSharedBuffers: string;
  jwtSecret: string | undefined;
  jwtExpiresIn: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** What a pending organization's meeting dialog offers (GET /api/config); null when unset. */
  support: SupportContact;
  /** Minutes without activity after which the web app signs the user out (a warning comes a minute before). */
  idleLogoffMinutes: number;
  seedDemo: boolean;
  /** On SIGTERM, how long work in flight may take before the process exits anyway. */
  shutdownGraceMs: number;
  /** The bearer token /metrics answers to; undefined: no /metrics. */
  metricsToken: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  webDist: string | undefined;
  /** S3-compatible storage when S3_BUCKET is set; otherwise files live under DATA_DIR/uploads. */
  s3: S3Options | undefined;
  /** Megabytes of uploaded files each organization may store; 0 turns the quota off. */
  uploadQuotaMb: number;
  /** Lots expiring within this many days raise an "expiring" alert. */
  alertExpiryWindowDays: number;
  /** The hour of a location's own day (its time zone) from which its reorder digests leave. */
  reorderDigestLocalHour: number;
  /** An OpenAI-compatible endpoint for case notes when OPENAI_API_KEY is set; otherwise jobs fail saying it is not configured. */
  openAi: OpenAiOptions | undefined;
  /** Whose X-Forwarded-For to believe: false, true (any), a hop count, or proxy addresses/CIDRs. */
  trustProxy: boolean | number | string;
  /** Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set; otherwise the local test checkout. */
  stripe: StripeOptions | undefined;
  /** Marketplace distributors (docs/vendor-api.md); none when MARKETPLACE_DISTRIBUTORS is unset. */
  distributors: DistributorConfig[];
  /** The key sealing practice-management connections' keys; unset, saving a connection says it is missing. */
  pmsSecretKey: string | undefined;
  /** The least time between two requests to Open Dental (its tier's pace). */
  openDentalMinIntervalMs: number;
  /** Per-location jobs each process runs at once, per queue (docs/operations.md, Background jobs across locations). */
  jobConcurrency: QueueConcurrency;
  /** Private or local networks outbound connections to typed addresses may reach (docs/operations.md); none: public addresses only. */
  outboundAllowedNetworks: Network[];
}

/** Parses the environment once at start-up; nothing else reads process.env. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both to take card payments with Stripe, or neither for the local test checkout');
  }
  checkPmsSecretKey(env.PMS_SECRET_KEY);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    embeddedSharedBuffers: env.EMBEDDED_SHARED_BUFFERS,
    jwtSecret: env.JWT_SECRET,
    jwtExpiresIn: env.JWT_EXPIRES_IN,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    support: { bookingUrl: env.BOOKING_URL ?? null, email: env.SUPPORT_EMAIL ?? null },
    idleLogoffMinutes: env.IDLE_LOGOFF_MINUTES,
    seedDemo: env.SEED_DEMO,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    metricsToken: env.METRICS_TOKEN,
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST,
    alertExpiryWindowDays: env.ALERT_EXPIRY_WINDOW_DAYS,
    reorderDigestLocalHour: env.REORDER_DIGEST_LOCAL_HOUR,
    uploadQuotaMb: env.UPLOAD_QUOTA_MB_PER_ORGANIZATION,
    openAi: env.OPENAI_API_KEY
      ? { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL, transcriptionModel: env.OPENAI_TRANSCRIPTION_MODEL, chatModel: env.OPENAI_CHAT_MODEL, assistantModel: env.OPENAI_ASSISTANT_MODEL }
      : undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    distributors: parseDistributors(env.MARKETPLACE_DISTRIBUTORS),
    pmsSecretKey: env.PMS_SECRET_KEY,
    openDentalMinIntervalMs: env.OPEN_DENTAL_MIN_INTERVAL_MS,
    outboundAllowedNetworks: env.OUTBOUND_ALLOWED_NETWORKS,
    jobConcurrency: {
      'pms-sync-location': env.JOBS_PMS_SYNC_CONCURRENCY ?? (env.DATABASE_URL ? PMS_SYNC_CONCURRENCY.postgres : PMS_SYNC_CONCURRENCY.embedded),
      'reorder-forecast-location': env.JOBS_REORDER_CONCURRENCY,
      'reorder-digest-location': env.JOBS_DIGEST_CONCURRENCY,
    },
    stripe: env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, ...stripeApiBase(env.STRIPE_API_BASE) } : undefined,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === undefined ? undefined : env.S3_FORCE_PATH_STYLE === 'true',
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
  };
}

/** A PMS_SECRET_KEY that is set but not 32 bytes stops the server at start-up rather than at the first connection saved. */
function checkPmsSecretKey(value: string | undefined): void {
  if (value === undefined) return;
  try {
    parseSecretKey(value);
  } catch (error) {
    if (error instanceof SecretBoxError) throw new Error(`Invalid configuration:\n  ${error.message}`, { cause: error });
    throw error;
  }
}

/** TRUST_PROXY: unset or "false" trusts no forwarded header; "true", a hop count, or "10.0.0.0/8,127.0.0.1". */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** STRIPE_API_BASE (e.g. stripe-mock on http://localhost:12111) as the SDK's host, port and protocol. */
function stripeApiBase(value: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!value) return {};
  const url = new URL(value);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

const DistributorsSchema = z
  .array(
    z.object({
      code: z.string().regex(/^[a-z0-9-]{2,40}$/, 'a code of 2 to 40 lowercase letters, digits or dashes'),
      name: z.string().trim().min(1).max(120),
      url: z.url({ protocol: /^https?$/ }),
      key: z.string().min(1),
      email: z.email().optional(),
    }),
  )
  .refine((list) => new Set(list.map((d) => d.code)).size === list.length, 'each code once');

/** MARKETPLACE_DISTRIBUTORS: a JSON array of distributors, each with its API's base address and key. */
export function parseDistributors(value: string | undefined): DistributorConfig[] {
  if (!value) return [];
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new Error('Invalid configuration:\n  MARKETPLACE_DISTRIBUTORS: not JSON (a list like [{"code":"acme","name":"Acme Dental","url":"https://api.acme.example/v1","key":"..."}])');
  }
  const parsed = DistributorsSchema.safeParse(json);
  if (!parsed.success) throw new Error(`Invalid configuration:\n${parsed.error.issues.map((i) => `  MARKETPLACE_DISTRIBUTORS.${i.path.join('.')}: ${i.message}`).join('\n')}`);
  return parsed.data;
}
