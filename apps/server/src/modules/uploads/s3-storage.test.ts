import { UPLOAD_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createWorld, type World } from '../../../test/world';
import { PNG_BYTES } from '../../../test/fixtures/files';
import { startS3StandIn, type S3StandIn } from '../../../test/fixtures/s3-stand-in';

const CREDENTIALS = { accessKeyId: 'AKIASTANDIN000000000', secretAccessKey: 'stand-in-secret-key-0123456789abcdefghij', region: 'us-east-2' };
let s3: S3StandIn;
let t: TestApp;
let world: World;
beforeAll(async () => {
  s3 = await startS3StandIn('clinic-files', CREDENTIALS);
  t = await createTestApp({ s3: { bucket: 'clinic-files', region: CREDENTIALS.region, endpoint: s3.endpoint, forcePathStyle: true, accessKeyId: CREDENTIALS.accessKeyId, secretAccessKey: CREDENTIALS.secretAccessKey } });
  world = await createWorld(t.db);
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const member = () => t.tokenFor(world.own.users.company_member);

async function presignAndPost(name: string, mimeType: string, bytes: Buffer) {
  const presign = await t.request({ method: 'POST', url: '/api/upload', token: member(), payload: { file_name: name, type: 'category_image', mimeType } });
  expect(presign.statusCode).toBe(200);
  const { url, fields, public_url: publicUrl } = presign.json() as { url: string; fields: Record<string, string>; public_url: string };
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append('file', new Blob([bytes], { type: mimeType }), name);
  return { url, fields, publicUrl, posted: await fetch(url, { method: 'POST', body: form }) };
}

it('hands out a signed S3 POST the bucket accepts, and reads the object through a redirect', async () => {
  const { url, fields, publicUrl, posted } = await presignAndPost('veneers.png', 'image/png', PNG_BYTES);
  expect(url).toBe(`${s3.endpoint}/clinic-files`);
  expect(fields).toMatchObject({ 'Content-Type': 'image/png', 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' });
  expect(posted.status).toBe(204);
  expect(s3.objects.get(fields.key!)?.body.equals(PNG_BYTES)).toBe(true);

  const category = await t.request({ method: 'POST', url: '/api/category', token: member(), payload: { name: 'Veneers', image_url: publicUrl } });
  expect(category.statusCode, category.body).toBe(201);
  const read = await t.app.inject({ method: 'GET', url: category.json().image_url });
  expect(read.statusCode).toBe(302);
  const object = await fetch(String(read.headers.location));
  expect(Buffer.from(await object.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
});

it('lets the bucket refuse a tampered policy', async () => {
  const presign = (await t.request({ method: 'POST', url: '/api/upload', token: member(), payload: { file_name: 'a.png', type: 'category_image', mimeType: 'image/png' } })).json();
  const form = new FormData();
  for (const [field, value] of Object.entries(presign.fields as Record<string, string>)) form.append(field, field === 'Content-Type' ? 'text/html' : value);
  form.append('file', new Blob(['<script>alert(1)</script>'], { type: 'text/html' }), 'a.png');
  expect((await fetch(presign.url, { method: 'POST', body: form })).status).toBe(403);
});

it('checks the content when a record first uses the file, and refuses a disguised one', async () => {
  const { publicUrl, posted } = await presignAndPost('photo.png', 'image/png', Buffer.from('MZ this is not an image at all'));
  expect(posted.status).toBe(204);
  const category = await t.request({ method: 'POST', url: '/api/category', token: member(), payload: { name: 'Disguised', image_url: publicUrl } });
  expect(category.statusCode).toBe(400);
  expect(category.json().errors).toEqual([{ field: 'image_url', message: UPLOAD_MESSAGES.contentMismatch }]);
});

describe('storage quota with S3', () => {
  const MB = 1024 * 1024;
  let clock = new Date();
  let q: TestApp;
  let w: World;
  beforeAll(async () => {
    q = await createTestApp({
      uploadQuotaMb: 100,
      now: () => clock,
      s3: { bucket: 'clinic-files', region: CREDENTIALS.region, endpoint: s3.endpoint, forcePathStyle: true, accessKeyId: CREDENTIALS.accessKeyId, secretAccessKey: CREDENTIALS.secretAccessKey },
    });
    w = await createWorld(q.db);
  });
  afterAll(async () => q.close());
  const ask = (extra: Record<string, unknown> = {}) =>
    q.request({ method: 'POST', url: '/api/upload', token: q.tokenFor(w.own.users.company_member), payload: { file_name: 'a.png', type: 'category_image', mimeType: 'image/png', ...extra } });

  it('checks the quota when the grant is issued (the bucket receives the post), and forgets a grant never attached a day after it expired, deleting its object', async () => {
    const posted = (await ask({ size_bytes: PNG_BYTES.length })).json() as { url: string; fields: Record<string, string> };
    const form = new FormData();
    for (const [field, value] of Object.entries(posted.fields)) form.append(field, value);
    form.append('file', new Blob([PNG_BYTES], { type: 'image/png' }), 'a.png');
    expect((await fetch(posted.url, { method: 'POST', body: form })).status).toBe(204);
    expect((await ask()).statusCode).toBe(200);
    const over = await ask({ size_bytes: 50 * MB });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: UPLOAD_MESSAGES.quotaExceeded(100) });

    // Expired but within the day a form may still attach its file: still held, object kept.
    clock = new Date(clock.getTime() + 3 * 3600_000);
    expect((await ask({ size_bytes: 50 * MB })).statusCode).toBe(413);
    await q.files.sweep();
    expect(s3.objects.has(posted.fields.key!)).toBe(true);

    clock = new Date(clock.getTime() + 24 * 3600_000);
    expect((await q.files.sweep()).grants).toBe(2);
    expect(s3.objects.has(posted.fields.key!)).toBe(false);
    expect((await ask({ size_bytes: 50 * MB })).statusCode).toBe(200);
  });
});
