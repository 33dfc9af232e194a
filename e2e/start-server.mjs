// Starts the built app on a fresh embedded database with the demo data, for the browser tests.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOpenAiStandIn } from './openai-stand-in.mjs';

const port = process.argv[2] ?? '3210';
process.env.PORT = port;
process.env.HOST = '127.0.0.1';
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'clinic-e2e-'));
process.env.PUBLIC_URL = `http://127.0.0.1:${port}`;
process.env.LOG_LEVEL = 'warn';
process.env.NODE_ENV = 'test';
// The pending organization's meeting dialog offers these (signup-approval.spec.ts).
process.env.BOOKING_URL = 'https://booking.example/clinic-onboarding';
process.env.SUPPORT_EMAIL = 'support@clinic.example';
// Open Dental keys are sealed with it (pms-connection.spec.ts); a fresh database each start, so a fresh key.
process.env.PMS_SECRET_KEY = randomBytes(32).toString('base64');
// The stand-in answers at once; the free tier's 5 s between requests would make Sync now a minute's wait.
process.env.OPEN_DENTAL_MIN_INTERVAL_MS = '100';
// The Open Dental stand-in listens on 127.0.0.1: allowed as an operator allows a practice's own server (docs/operations.md).
process.env.OUTBOUND_ALLOWED_NETWORKS = '127.0.0.1';
if (process.env.E2E_NO_AI === '1') {
  // No OpenAI-compatible endpoint at all: the voice assistant runs its local parser on typed text.
  delete process.env.OPENAI_BASE_URL;
  delete process.env.OPENAI_API_KEY;
} else {
  // Case notes from recordings and the voice assistant go to a local OpenAI-compatible stand-in.
  process.env.OPENAI_BASE_URL = `http://127.0.0.1:${String(await startOpenAiStandIn())}/v1`;
  process.env.OPENAI_API_KEY = 'sk-e2e';
}
await import(fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url)));
