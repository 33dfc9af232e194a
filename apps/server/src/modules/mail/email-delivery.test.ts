import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createUser } from '../../../test/factories/index';
import { enqueueEmail, listOutbox } from './outbox.repo';
import { sql } from 'drizzle-orm';
import { QUEUES } from '../../jobs/queues';
import { queryRows } from '../../../test/setup/sql';
import { createEmailDelivery } from './email-delivery';

let t: TestApp;
let server: SMTPServer;
const received: { to: string; body: string }[] = [];
let port = 0;

beforeAll(async () => {
  t = await createTestApp();
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
/** Runs the e-mail queue as a server with this SMTP server would; resolves with how many jobs ran. */
async function deliverWith(smtpUrl: string, options: { ignoreDelay?: boolean } = {}): Promise<number> {
  const delivery = createEmailDelivery(t.db, smtpUrl, 'Clinic <no-reply@clinic.test>', t.files.storage);
  t.jobs.handle(QUEUES.email, delivery.deliver);
  try {
    return await t.jobs.drain(QUEUES.email.name, options);
  } finally {
    delivery.close();
  }
}

/** The job engine's record of a message's delivery job. */
async function deliveryJob(emailId: string) {
  const [job] = await queryRows<{ state: string; wait_s: number }>(
    t.db,
    sql`select state, extract(epoch from start_after - now())::float as wait_s from pgboss.job where name = 'email' and data->>'emailId' = ${emailId}`,
  );
  return job!;
}

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

it('delivers outbox messages over SMTP once and marks them sent', async () => {
  await createUser(t.db, { role: 'admin', email: 'smtp-user@example.com' });
  await t.request({ method: 'POST', url: '/api/password', payload: { email: 'smtp-user@example.com' } });
  expect(await deliverWith(`smtp://127.0.0.1:${port}`)).toBe(1);
  // The job is done: nothing runs twice.
  expect(await deliverWith(`smtp://127.0.0.1:${port}`)).toBe(0);
  expect(received).toHaveLength(1);
  expect(received[0]!.to).toBe('smtp-user@example.com');
  expect(received[0]!.body).toContain('reset-password?token=');
  const { records } = await listOutbox(t.db, { offset: 0, limit: 5 });
  expect(records[0]).toMatchObject({ status: 'sent', attempts: 1 });
  expect((await deliveryJob(records[0]!.id)).state).toBe('completed');
});

it('retries an unreachable SMTP server with growing delays, then marks the message failed', async () => {
  await createUser(t.db, { role: 'admin', email: 'unreachable@example.com' });
  await t.request({ method: 'POST', url: '/api/password', payload: { email: 'unreachable@example.com' } });
  expect(await deliverWith('smtp://127.0.0.1:9')).toBe(1);
  const message = async () => (await listOutbox(t.db, { offset: 0, limit: 5 })).records.find((r) => r.to === 'unreachable@example.com')!;
  const first = await message();
  expect(first).toMatchObject({ status: 'pending', attempts: 1 });
  expect(first.lastError).toMatch(/ECONNREFUSED/);
  // Backoff: the second attempt waits one to two minutes (60 s doubled, with jitter).
  const waiting = await deliveryJob(first.id);
  expect(waiting.state).toBe('retry');
  expect(waiting.wait_s).toBeGreaterThan(55);
  expect(waiting.wait_s).toBeLessThan(125);
  // Not due yet: nothing runs.
  expect(await deliverWith('smtp://127.0.0.1:9')).toBe(0);
  // The remaining four attempts (run now, ignoring their delays): then the engine gives up.
  expect(await deliverWith('smtp://127.0.0.1:9', { ignoreDelay: true })).toBe(4);
  expect(await message()).toMatchObject({ status: 'failed', attempts: 5 });
  expect((await deliveryJob(first.id)).state).toBe('failed');
});

it('attaches stored files, such as a purchase order PDF, read from file storage', async () => {
  const pdf = Buffer.from('%PDF-1.7\n% purchase order PO-000009\n%%EOF\n');
  const url = await t.files.storeGenerated(null, 'purchase_order_pdf', 'PO-000009.pdf', pdf, 'application/pdf', null);
  await t.db.transaction((tx) => enqueueEmail(tx, t.jobs, { to: 'rep@supplier.example', subject: 'Purchase order PO-000009', text: 'Attached.', attachments: [{ filename: 'PO-000009.pdf', url, contentType: 'application/pdf' }] }));
  await deliverWith(`smtp://127.0.0.1:${port}`);
  const message = received.find((r) => r.to === 'rep@supplier.example');
  expect(message?.body).toMatch(/Content-Type: application\/pdf; name=PO-000009\.pdf/);
  expect(message?.body.replace(/\r?\n/g, '')).toContain(pdf.toString('base64'));
});

it('queues nothing when the transaction that wrote the message rolls back', async () => {
  const before = (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from pgboss.job where name = 'email'`))[0]!.n;
  await expect(
    t.db.transaction(async (tx) => {
      await enqueueEmail(tx, t.jobs, { to: 'never@example.com', subject: 'Rolled back', text: 'x' });
      throw new Error('the order could not be issued');
    }),
  ).rejects.toThrow('the order could not be issued');
  expect((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from pgboss.job where name = 'email'`))[0]!.n).toBe(before);
  expect((await listOutbox(t.db, { offset: 0, limit: 50 })).records.some((r) => r.to === 'never@example.com')).toBe(false);
});
