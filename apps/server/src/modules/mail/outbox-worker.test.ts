import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createUser } from '../../../test/factories/index';
import { enqueueEmail, listOutbox } from './outbox.repo';
import { startOutboxWorker } from './outbox-worker';

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
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

it('delivers outbox messages over SMTP once and marks them sent', async () => {
  await createUser(t.db, { role: 'admin', email: 'smtp-user@example.com' });
  await t.request({ method: 'POST', url: '/api/password', payload: { email: 'smtp-user@example.com' } });
  const worker = startOutboxWorker(t.db, `smtp://127.0.0.1:${port}`, 'Clinic <no-reply@clinic.test>', t.app.log, 60_000);
  try {
    expect(await worker.drain()).toBe(1);
    expect(await worker.drain()).toBe(0);
  } finally {
    worker.stop();
  }
  expect(received).toHaveLength(1);
  expect(received[0]!.to).toBe('smtp-user@example.com');
  expect(received[0]!.body).toContain('reset-password?token=');
  const { records } = await listOutbox(t.db, { offset: 0, limit: 5 });
  expect(records[0]).toMatchObject({ status: 'sent', attempts: 1 });
});

it('keeps a message pending with the reason when the SMTP server is unreachable', async () => {
  await createUser(t.db, { role: 'admin', email: 'unreachable@example.com' });
  await t.request({ method: 'POST', url: '/api/password', payload: { email: 'unreachable@example.com' } });
  const worker = startOutboxWorker(t.db, 'smtp://127.0.0.1:9', 'Clinic <no-reply@clinic.test>', t.app.log, 60_000);
  try {
    await worker.drain();
  } finally {
    worker.stop();
  }
  const { records } = await listOutbox(t.db, { offset: 0, limit: 5 });
  const message = records.find((r) => r.to === 'unreachable@example.com')!;
  expect(message).toMatchObject({ status: 'pending', attempts: 1 });
  expect(message.lastError).toMatch(/ECONNREFUSED/);
});

it('attaches stored files, such as a purchase order PDF, read from file storage', async () => {
  const pdf = Buffer.from('%PDF-1.7\n% purchase order PO-000009\n%%EOF\n');
  const url = await t.files.storeGenerated(null, 'purchase_order_pdf', 'PO-000009.pdf', pdf, 'application/pdf', null);
  await enqueueEmail(t.db, { to: 'rep@supplier.example', subject: 'Purchase order PO-000009', text: 'Attached.', attachments: [{ filename: 'PO-000009.pdf', url, contentType: 'application/pdf' }] });
  const worker = startOutboxWorker(t.db, `smtp://127.0.0.1:${port}`, 'Clinic <no-reply@clinic.test>', t.app.log, 60_000, t.files.storage);
  try {
    await worker.drain();
  } finally {
    worker.stop();
  }
  const message = received.find((r) => r.to === 'rep@supplier.example');
  expect(message?.body).toMatch(/Content-Type: application\/pdf; name=PO-000009\.pdf/);
  expect(message?.body.replace(/\r?\n/g, '')).toContain(pdf.toString('base64'));
});
