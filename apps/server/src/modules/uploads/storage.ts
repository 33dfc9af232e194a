import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * File storage behind one interface: the browser uploads straight to the storage with a
 * presigned POST (S3's protocol; the local adapter speaks the same one), and reads through
 * short-lived signed addresses handed out only with records the reader may see.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Form fields and address for one browser upload of `key`, limited to the type and size. */
  presignPost(input: { key: string; contentType: string; maxBytes: number; expiresAt: Date }): Promise<{ url: string; fields: Record<string, string> }>;
  /** The first bytes of a stored object (null when it does not exist): content checks read these. */
  readHead(key: string, bytes: number): Promise<{ head: Buffer; size: number } | null>;
  /** The whole object as a stream (imports read CSV files this way). */
  openRead(key: string): Promise<Readable | null>;
  /** Server-side writes (generated purchase-order PDFs). */
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  /** How an authorised reader gets the bytes: a local stream or a redirect to the bucket. */
  serve(key: string): Promise<{ stream: Readable; size: number } | { redirect: string } | null>;
  remove(key: string): Promise<void>;
  /** Removes what uploads cut off by a server that is gone left behind (nothing to do on S3). */
  sweep(): Promise<void>;
}

/** Stored addresses look like this, whatever the adapter: records never name a bucket. */
export const FILE_URL_PREFIX = '/api/files/';

export function fileUrlFor(key: string): string {
  return `${FILE_URL_PREFIX}${key}`;
}

export function keyFromFileUrl(url: string): string | null {
  const path = url.startsWith('http') ? safePath(url) : url.split('?')[0]!;
  if (!path?.startsWith(FILE_URL_PREFIX)) return null;
  const key = path.slice(FILE_URL_PREFIX.length);
  return /^[A-Za-z0-9._/-]+$/.test(key) && !key.includes('..') ? key : null;
}

function safePath(url: string): string | null {
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
}

/** HMAC helper shared by the upload policy and the read signatures. */
export function createSigner(secret: string, purpose: string) {
  const key = createHmac('sha256', secret).update(`clinic-files:${purpose}`).digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    sign,
    verify(payload: string, signature: string): boolean {
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/** Read links are valid for 6 to 12 hours; rounding keeps them stable so browsers can cache. */
const READ_WINDOW_SECONDS = 6 * 3600;

export function createReadSigner(secret: string, now: () => Date) {
  const signer = createSigner(secret, 'read');
  return {
    signedUrl(storedUrl: string): string {
      const key = keyFromFileUrl(storedUrl);
      if (!key) return storedUrl;
      const nowSeconds = Math.floor(now().getTime() / 1000);
      const expires = (Math.floor(nowSeconds / READ_WINDOW_SECONDS) + 2) * READ_WINDOW_SECONDS;
      return `${fileUrlFor(key)}?expires=${expires}&signature=${signer.sign(`${key}\n${expires}`)}`;
    },
    isValid(key: string, expires: number, signature: string): boolean {
      return expires * 1000 > now().getTime() && signer.verify(`${key}\n${expires}`, signature);
    },
  };
}
export type ReadSigner = ReturnType<typeof createReadSigner>;
