import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createWorld, type World } from '../../../test/world';
import { createReadSigner } from './storage';
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
