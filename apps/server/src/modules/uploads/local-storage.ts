import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { currentProcess, isRunning } from '../../process-identity';
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

    sweep: () => sweepScratch(base),
  };
  return storage;
}
export type LocalStorage = ReturnType<typeof createLocalStorage>;

/**
 * Form posts are received into `.incoming/<pid>-<start time>/` (the receiving process's own
 * folder, see process-identity.ts) and moved into place once checked; a request that ends
 * otherwise removes its file. What a killed process was receiving stays in its folder, which
 * the sweep removes once that process is gone.
 */
const SCRATCH = '.incoming';
const ownScratch = () => `${String(currentProcess().pid)}-${currentProcess().startTime ?? 'unknown'}`;

export function tempUploadPath(root: string, name: string): string {
  return join(resolve(root), SCRATCH, ownScratch(), name);
}

/** Removes the scratch folders of server processes that are no longer running, and stray files. */
export async function sweepScratch(root: string): Promise<void> {
  const scratch = join(resolve(root), SCRATCH);
  let entries;
  try {
    entries = await readdir(scratch, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.name === ownScratch()) continue;
    const owner = /^(\d+)-(\d+|unknown)$/.exec(entry.name);
    // Anything else (loose files from before per-process folders) belongs to nobody.
    if (entry.isDirectory() && owner && isRunning({ pid: Number(owner[1]), startTime: owner[2] === 'unknown' ? null : owner[2]! })) continue;
    await rm(join(scratch, entry.name), { recursive: true, force: true });
  }
}
