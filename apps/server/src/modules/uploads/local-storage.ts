import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { createSigner, type FileStorage } from './storage';

/** Where the local adapter's presigned POST goes; the app itself receives it. */
export const LOCAL_UPLOAD_PATH = '/api/upload/local';

export interface UploadPolicy {
  key: string;
  contentType: string;
  maxBytes: number;
  /** ISO date after which the form post is refused. */
  expiration: string;
}

/**
 * Files on disk under `<dataDir>/uploads`, with the S3 presigned-POST protocol: the fields carry
 * a base64 policy (key, exact content type, size range, expiry) and its HMAC signature.
 */
export function createLocalStorage(root: string, secret: string) {
  const signer = createSigner(secret, 'upload-policy');
  const base = resolve(root);

  function pathOf(key: string): string {
    const full = resolve(base, key);
    if (!full.startsWith(base + sep)) throw new Error('Key escapes the upload folder');
    return full;
  }

  const storage: FileStorage & {
    readPolicy(fields: Record<string, string>): UploadPolicy | null;
    pathOf(key: string): string;
    commit(tempPath: string, key: string): Promise<void>;
  } = {
    kind: 'local',

    async presignPost({ key, contentType, maxBytes, expiresAt }) {
      const policy = Buffer.from(JSON.stringify({ key, contentType, maxBytes, expiration: expiresAt.toISOString() } satisfies UploadPolicy)).toString('base64');
      return { url: LOCAL_UPLOAD_PATH, fields: { key, 'Content-Type': contentType, Policy: policy, 'X-Signature': signer.sign(policy) } };
    },

    /** The policy of a form post, or null when it is missing, tampered with or for another key. */
    readPolicy(fields) {
      const { Policy: policy, 'X-Signature': signature, key, 'Content-Type': contentType } = fields;
      if (!policy || !signature || !signer.verify(policy, signature)) return null;
      try {
        const parsed = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as UploadPolicy;
        if (parsed.key !== key || parsed.contentType !== contentType) return null;
        return parsed;
      } catch {
        return null;
      }
    },

    pathOf,

    async commit(tempPath, key) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      await rename(tempPath, target);
    },

    async readHead(key, bytes) {
      let handle;
      try {
        handle = await open(pathOf(key), 'r');
      } catch {
        return null;
      }
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        const { size } = await handle.stat();
        return { head: buffer.subarray(0, bytesRead), size };
      } finally {
        await handle.close();
      }
    },

    async openRead(key): Promise<Readable | null> {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch {
        return null;
      }
      return createReadStream(path);
    },

    async write(key, body) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, body);
    },

    async serve(key) {
      const path = pathOf(key);
      try {
        const { size } = await stat(path);
        return { stream: createReadStream(path), size };
      } catch {
        return null;
      }
    },

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
  return storage;
}
export type LocalStorage = ReturnType<typeof createLocalStorage>;

export function tempUploadPath(root: string, name: string): string {
  return join(resolve(root), '.incoming', name);
}
