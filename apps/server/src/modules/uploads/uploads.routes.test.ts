import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createWorld, type World } from '../../../test/world';
import { createReadSigner } from './storage';
import { findUploadByKey } from './uploads.repo';
import { PDF_BYTES, PNG_BYTES, postFile, uploadFile } from '../../../test/fixtures/files';

const SECRET = 'uploads-test-secret-0123456789abcdef0123456789';
const reads = createReadSigner(SECRET, () => new Date());
let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp({ jwtSecret: SECRET });
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const member = () => t.tokenFor(world.own.users.company_member);
const presign = (payload: Record<string, unknown>, token = member()) => t.request({ method: 'POST', url: '/api/upload', token, payload });

it('hands out a presigned POST whose form post stores the file under the location', async () => {
  const res = await presign({ file_name: 'Filtek box.png', type: 'product_image', mimeType: 'image/png' });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.url).toBe('/api/upload/local');
  expect(Object.keys(body.fields).sort()).toEqual(['Content-Type', 'Policy', 'X-Signature', 'key']);
  expect(body.fields.key).toMatch(new RegExp(`^${world.own.org.locations[0]!.id}/product_image/[0-9a-f-]{36}/Filtek-box\\.png$`));
  expect(body.public_url).toBe(`/api/files/${body.fields.key}`);

  const posted = await postFile(t, body.fields, { name: 'Filtek box.png', mimeType: 'image/png', bytes: PNG_BYTES });
  expect(posted.statusCode).toBe(204);
  expect(existsSync(join(t.uploadsDir, body.fields.key))).toBe(true);
});

it("refuses a type the upload kind does not accept with the spec's message", async () => {
  const res = await presign({ file_name: 'manual.exe', type: 'product_attachment', mimeType: 'application/x-msdownload' });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toEqual([{ field: 'mimeType', message: UPLOAD_MESSAGES.typeNotAllowed('application/x-msdownload') }]);
});

it('refuses a file whose bytes do not match its declared type, and stores nothing', async () => {
  const { fields } = (await presign({ file_name: 'fake.pdf', type: 'product_attachment', mimeType: 'application/pdf' })).json();
  const posted = await postFile(t, fields, { name: 'fake.pdf', mimeType: 'application/pdf', bytes: Buffer.from('MZ\x90\x00 this is an executable') });
  expect(posted.statusCode).toBe(400);
  expect(posted.json().message).toBe(UPLOAD_MESSAGES.contentMismatch);
  expect(existsSync(join(t.uploadsDir, fields.key))).toBe(false);
  expect(incomingFiles(t.uploadsDir)).toEqual([]);
  // The grant was used: another file needs another grant.
  const again = await postFile(t, fields, { name: 'fake.pdf', mimeType: 'application/pdf', bytes: PDF_BYTES });
  expect(again.statusCode).toBe(403);
  expect(again.json().message).toBe(UPLOAD_MESSAGES.policyUsed);
});

it("refuses a file over 50 MB with 'File size should not exceed more than 50mb'", async () => {
  const { fields } = (await presign({ file_name: 'huge.csv', type: 'product_csv_import', mimeType: 'text/csv' })).json();
  const posted = await postFile(t, fields, { name: 'huge.csv', mimeType: 'text/csv', bytes: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 'a') });
  expect(posted.statusCode).toBe(400);
  expect(posted.json().message).toBe(UPLOAD_MESSAGES.tooLarge);
  expect(existsSync(join(t.uploadsDir, fields.key))).toBe(false);
});

it('refuses a tampered policy, a changed key and a second use of the same policy', async () => {
  const { fields } = (await presign({ file_name: 'a.png', type: 'category_image', mimeType: 'image/png' })).json();
  const file = { name: 'a.png', mimeType: 'image/png', bytes: PNG_BYTES };
  const otherKey = await postFile(t, { ...fields, key: `${world.foreign.org.locations[0]!.id}/category_image/x/a.png` }, file);
  expect(otherKey.statusCode).toBe(403);
  const forged = JSON.parse(Buffer.from(fields.Policy, 'base64').toString());
  forged.maxBytes = MAX_UPLOAD_BYTES * 10;
  const tampered = await postFile(t, { ...fields, Policy: Buffer.from(JSON.stringify(forged)).toString('base64') }, file);
  expect(tampered.statusCode).toBe(403);
  expect(tampered.json().message).toBe(UPLOAD_MESSAGES.policyInvalid);

  expect((await postFile(t, fields, file)).statusCode).toBe(204);
  const again = await postFile(t, fields, file);
  expect(again.statusCode).toBe(403);
  expect(again.json().message).toBe(UPLOAD_MESSAGES.policyUsed);
});

/** Files anywhere under the folder partial uploads are written to. */
function incomingFiles(root: string): string[] {
  const incoming = join(root, '.incoming');
  if (!existsSync(incoming)) return [];
  return readdirSync(incoming, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
}

async function until(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A browser's form post over a real connection, sent up to `sentBytes` of the file and held there. */
function slowPost(port: number, fields: Record<string, string>, file: { name: string; mimeType: string; bytes: Buffer }, sentBytes: number) {
  const boundary = `----clinic-${randomUUID()}`;
  const head = Buffer.from(
    Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.mimeType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const req: ClientRequest = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/upload/local',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + file.bytes.length + tail.length },
  });
  const answered = new Promise<IncomingMessage>((resolve, reject) => {
    req.on('response', resolve);
    req.on('error', reject);
  });
  req.write(head);
  req.write(file.bytes.subarray(0, sentBytes));
  return {
    finish: async () => {
      req.end(Buffer.concat([file.bytes.subarray(sentBytes), tail]));
      return (await answered).statusCode;
    },
    cutOff: () => {
      answered.catch(() => undefined);
      req.destroy();
    },
  };
}

describe('an upload cut off or posted twice', () => {
  const big = { name: 'scan.png', mimeType: 'image/png', bytes: Buffer.concat([PNG_BYTES, Buffer.alloc(4 * 1024 * 1024, 1)]) };
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as { port: number }).port;
  });

  it('refuses a second post of a grant while the first is still arriving, before reading its file', async () => {
    const { fields } = (await presign({ file_name: 'scan.png', type: 'product_image', mimeType: 'image/png' })).json();
    const first = slowPost(port, fields, big, 1024 * 1024);
    await until(() => incomingFiles(t.uploadsDir).length > 0, 'the first post is being received');
    const second = await postFile(t, fields, big);
    expect(second.statusCode).toBe(403);
    expect(second.json().message).toBe(UPLOAD_MESSAGES.policyUsed);
    expect(await first.finish()).toBe(204);
    expect(existsSync(join(t.uploadsDir, fields.key))).toBe(true);
    expect(incomingFiles(t.uploadsDir)).toEqual([]);
  });

  it('removes the partial file of an upload cut off midway, and its grant stays used', async () => {
    const { fields } = (await presign({ file_name: 'scan.png', type: 'product_image', mimeType: 'image/png' })).json();
    const post = slowPost(port, fields, big, 1024 * 1024);
    await until(() => incomingFiles(t.uploadsDir).length > 0, 'the post is being received');
    post.cutOff();
    await until(() => incomingFiles(t.uploadsDir).length === 0, 'the partial file is removed');
    expect(existsSync(join(t.uploadsDir, fields.key))).toBe(false);
    const retry = await postFile(t, fields, big);
    expect(retry.statusCode).toBe(403);
    expect(retry.json().message).toBe(UPLOAD_MESSAGES.policyUsed);
  });
});

describe('storage quota per organization', () => {
  const MB = 1024 * 1024;
  let clock = new Date();
  let q: TestApp;
  let w: World;
  beforeAll(async () => {
    q = await createTestApp({ uploadQuotaMb: 120, now: () => clock });
    w = await createWorld(q.db);
  });
  afterAll(async () => q.close());
  const ask = (token: string, extra: Record<string, unknown> = {}) =>
    q.request({ method: 'POST', url: '/api/upload', token, payload: { file_name: 'scan.png', type: 'product_image', mimeType: 'image/png', ...extra } });

  it('answers 413 before any byte is stored once used and granted space would pass the quota; the admin and other organizations are not counted', async () => {
    const member = q.tokenFor(w.own.users.company_member);
    // Two grants of the full 50 MB each hold 100 of the 120 MB while they can be used.
    expect((await ask(member)).statusCode).toBe(200);
    expect((await ask(q.tokenFor(w.own.users.organization_admin), {})).statusCode).toBe(200);
    const over = await ask(member);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: UPLOAD_MESSAGES.quotaExceeded(120) });
    // Another location of the same organization shares the quota.
    const otherLocation = q.tokenFor(w.own.users.organization_admin, w.own.org.locations[1]!.id);
    expect((await ask(otherLocation)).statusCode).toBe(413);
    // A grant for a declared size holds only that; the form post may not pass it.
    const small = await ask(member, { size_bytes: PNG_BYTES.length });
    expect(small.statusCode).toBe(200);
    expect((await postFile(q, small.json().fields, { name: 'scan.png', mimeType: 'image/png', bytes: Buffer.concat([PNG_BYTES, Buffer.alloc(10)]) })).json().message).toBe(UPLOAD_MESSAGES.tooLarge);
    expect((await ask(member, { size_bytes: 19 * MB })).statusCode).toBe(200);
    expect((await ask(member, { size_bytes: 2 * MB })).statusCode).toBe(413);

    expect((await ask(q.tokenFor(w.foreign.users.company_member))).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await ask(q.tokenFor(w.admin))).statusCode).toBe(200);

    // Grants left unused hold their space until they expire (and an hour for an upload under way).
    clock = new Date(clock.getTime() + 2 * 3600_000);
    expect((await ask(member)).statusCode).toBe(200);
  });

  it('forgets grants never used once their hold has passed, and keeps stored files', async () => {
    const member = q.tokenFor(w.own.users.company_member);
    clock = new Date(clock.getTime() + 2 * 3600_000);
    const unused = (await ask(member)).json().fields.key as string;
    const used = (await ask(member, { size_bytes: PNG_BYTES.length })).json();
    expect((await postFile(q, used.fields, { name: 'scan.png', mimeType: 'image/png', bytes: PNG_BYTES })).statusCode).toBe(204);
    await q.files.sweep();
    expect(await findUploadByKey(q.db, unused)).not.toBeNull();
    clock = new Date(clock.getTime() + 15 * 60_000 + 3600_000 + 1000);
    expect((await q.files.sweep()).grants).toBeGreaterThanOrEqual(1);
    expect(await findUploadByKey(q.db, unused)).toBeNull();
    expect((await findUploadByKey(q.db, used.fields.key))?.completedAt).toBeTruthy();
    expect(existsSync(join(q.uploadsDir, used.fields.key))).toBe(true);
  });

  it('counts what was stored', async () => {
    const member = q.tokenFor(w.foreign.users.company_member);
    clock = new Date(clock.getTime() + 2 * 3600_000);
    const grant = (await ask(member, { size_bytes: PNG_BYTES.length })).json();
    expect((await postFile(q, grant.fields, { name: 'scan.png', mimeType: 'image/png', bytes: PNG_BYTES })).statusCode).toBe(204);
    for (const size of [50 * MB, 50 * MB, 20 * MB - PNG_BYTES.length]) expect((await ask(member, { size_bytes: size })).statusCode).toBe(200);
    expect((await ask(member, { size_bytes: 1 })).statusCode).toBe(413);
  });
});

it('refuses an expired policy', async () => {
  const clocked = await createTestApp({ now: () => new Date(Date.now() - 60 * 60 * 1000) });
  try {
    const w = await createWorld(clocked.db);
    const { fields } = (await clocked.request({ method: 'POST', url: '/api/upload', token: clocked.tokenFor(w.own.users.company_member), payload: { file_name: 'a.pdf', type: 'product_attachment', mimeType: 'application/pdf' } })).json();
    const posted = await postFile(clocked, fields, { name: 'a.pdf', mimeType: 'application/pdf', bytes: PDF_BYTES });
    expect(posted.statusCode).toBe(403);
    expect(posted.json().message).toBe(UPLOAD_MESSAGES.policyExpired);
  } finally {
    await clocked.close();
  }
});

it('serves a file only through a valid signed address', async () => {
  const url = await uploadFile(t, member(), 'product_attachment', { name: 'IFU.pdf', mimeType: 'application/pdf', bytes: PDF_BYTES });
  const unsigned = await t.app.inject({ method: 'GET', url });
  expect(unsigned.statusCode).toBe(400);
  const read = await t.app.inject({ method: 'GET', url: reads.signedUrl(url) });
  expect(read.statusCode).toBe(200);
  expect(read.headers['content-type']).toBe('application/pdf');
  expect(read.headers['x-content-type-options']).toBe('nosniff');
  expect(read.rawPayload.equals(PDF_BYTES)).toBe(true);
  const forged = reads.signedUrl(url).replace(/signature=[^&]+/, 'signature=AAAA');
  expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
  const expired = createReadSigner(SECRET, () => new Date(Date.now() - 13 * 3600 * 1000)).signedUrl(url);
  expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(404);
});

it('needs a signed-in user with the uploads permission to ask for an upload', async () => {
  const anonymous = await t.app.inject({ method: 'POST', url: '/api/upload', payload: { file_name: 'a.png', type: 'product_image', mimeType: 'image/png' } });
  expect(anonymous.statusCode).toBe(401);
});
