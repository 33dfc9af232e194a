import { randomUUID } from 'node:crypto';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, type UploadRequest, type UploadResponse, type UploadType } from '@clinic/domain';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { ownerCompanyFor } from '../../core/access';
import { AppError, badRequest, notFound } from '../../core/errors';
import { contentMatchesType, CONTENT_HEAD_BYTES } from './file-content';
import { fileUrlFor, keyFromFileUrl, type FileStorage, type ReadSigner } from './storage';
import { checkStorageQuota, GRANT_HOLD_MS, GRANT_LIFETIME_MS } from './quota';
import {
  claimUpload,
  deleteUnfinishedUpload,
  findUploadByKey,
  insertCompletedUpload,
  insertUpload,
  listAbandonedUploads,
  lockPendingUpload,
  markUploadCompleted,
  type UploadRow,
} from './uploads.repo';

/** Keeps letters, digits, dot, dash and underscore so a key is safe on disk and in a URL. */
export function safeFileName(name: string): string {
  const cleaned = name.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '').replace(/\.{2,}/g, '.');
  return (cleaned || 'file').slice(-120);
}

export interface FilesDeps {
  db: Db;
  storage: FileStorage;
  reads: ReadSigner;
  now: () => Date;
  /** Bytes each organization may hold (UPLOAD_QUOTA_MB_PER_ORGANIZATION); null for no limit. */
  quotaBytes: number | null;
}

export function createFilesService({ db, storage, reads, now, quotaBytes }: FilesDeps) {
  const holdMs = GRANT_HOLD_MS[storage.kind];

  /** Checks a finished upload's first bytes against its declared type (once). */
  async function verifyContent(row: UploadRow): Promise<UploadRow> {
    if (row.completedAt) return row;
    const object = await storage.readHead(row.key, CONTENT_HEAD_BYTES);
    if (!object) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.fileMissing);
    if (object.size > (row.maxBytes ?? MAX_UPLOAD_BYTES)) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.tooLarge);
    if (!(await contentMatchesType(row.mimeType, object.head))) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.contentMismatch);
    await markUploadCompleted(db, row.id, object.size, now());
    return { ...row, completedAt: now(), sizeBytes: object.size };
  }

  return {
    storage,

    /**
     * A grant: a presigned POST for one file of at most the declared size (50 MB when none is
     * declared). A location's grant holds that much of its organization's quota until used or
     * expired, and is refused with 413 when it would not fit, before any byte is sent. The
     * product admin's shared files are not counted (docs/decisions.md, Uploads).
     */
    async requestUpload(actor: Actor, body: UploadRequest): Promise<UploadResponse> {
      const companyId = ownerCompanyFor(actor);
      const key = `${companyId ?? 'shared'}/${body.type}/${randomUUID()}/${safeFileName(body.file_name)}`;
      const mimeType = body.mimeType.toLowerCase();
      const maxBytes = body.size_bytes ?? MAX_UPLOAD_BYTES;
      const at = now();
      const expiresAt = new Date(at.getTime() + GRANT_LIFETIME_MS);
      const grant = { key, companyId, type: body.type, mimeType, fileName: body.file_name, createdBy: actor.userId, maxBytes, expiresAt };
      await db.transaction(async (tx) => {
        if (companyId && quotaBytes !== null) await checkStorageQuota(tx, companyId, maxBytes, { quotaBytes, heldSince: new Date(at.getTime() - holdMs) });
        await insertUpload(tx, grant);
      });
      const post = await storage.presignPost({ key, contentType: mimeType, maxBytes, expiresAt });
      return { ...post, public_url: fileUrlFor(key) };
    },

    /**
     * The local adapter's form post uses its grant here, before reading the file: false when
     * another post (at the same moment, earlier, or in another server process) already did.
     */
    async claimLocalUpload(key: string): Promise<boolean> {
      return (await claimUpload(db, key, now())) !== null;
    },

    /**
     * The claimed form post's file has arrived in a scratch file: its content is checked and it
     * is moved into place. Whoever called removes the scratch file, whatever happens.
     */
    async completeLocalUpload(key: string, size: number, head: Buffer, commit: () => Promise<void>): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await lockPendingUpload(tx, key);
        if (!row) throw new AppError('FORBIDDEN', UPLOAD_MESSAGES.policyInvalid);
        if (!(await contentMatchesType(row.mimeType, head))) throw badRequest('file', UPLOAD_MESSAGES.contentMismatch);
        await commit();
        await markUploadCompleted(tx, row.id, size, now());
      });
    },

    /** A claimed form post that stored nothing (cut off, too large, wrong content): the grant is spent and holds no space. */
    async abandonLocalUpload(key: string): Promise<void> {
      await deleteUnfinishedUpload(db, key);
    },

    /**
     * Forgets what interrupted uploads left behind: grants past their expiry and hold that never
     * brought a file (with S3 the object a browser may have posted anyway is deleted), and the
     * scratch files of server processes that are gone. Run at start and then every hour.
     */
    async sweep(): Promise<{ grants: number }> {
      await storage.sweep();
      let grants = 0;
      for (;;) {
        const batch = await listAbandonedUploads(db, new Date(now().getTime() - holdMs), 100);
        for (const { key } of batch) {
          // The row first: a record that attached the file meanwhile completed it, and keeps it.
          if ((await deleteUnfinishedUpload(db, key)) && storage.kind === 's3') await storage.remove(key);
        }
        grants += batch.length;
        if (batch.length < 100) return { grants };
      }
    },

    /**
     * The stored address for a file a record is about to reference: it must be an upload of an
     * allowed type, owned by the actor's tenant, and complete. An unchanged address (the admin
     * editing a location's product) is kept as it is.
     */
    async resolveForRecord(
      actor: Actor,
      field: string,
      url: string,
      rule: { types: readonly UploadType[]; mime?: (mimeType: string) => boolean },
      current?: string | null,
    ): Promise<string> {
      const key = keyFromFileUrl(url);
      if (current && key && keyFromFileUrl(current) === key) return fileUrlFor(key);
      const row = key ? await findUploadByKey(db, key) : null;
      if (!row || !rule.types.includes(row.type) || row.companyId !== ownerCompanyFor(actor)) throw badRequest(field, UPLOAD_MESSAGES.fileForeign);
      if (rule.mime && !rule.mime(row.mimeType)) throw badRequest(field, UPLOAD_MESSAGES.typeNotAllowed(row.mimeType));
      try {
        await verifyContent(row);
      } catch (error) {
        if (error instanceof AppError) throw badRequest(field, error.message);
        throw error;
      }
      return fileUrlFor(row.key);
    },

    /** The upload row behind a stored address, for readers such as the import job. */
    async uploadFor(url: string): Promise<UploadRow | null> {
      const key = keyFromFileUrl(url);
      return key ? findUploadByKey(db, key) : null;
    },

    /**
     * A server-generated file (purchase-order PDF), stored and recorded as complete; `on` is the
     * caller's transaction when the record that points at the file is written in one.
     */
    async storeGenerated(companyId: string | null, type: UploadType, fileName: string, body: Buffer, mimeType: string, createdBy: string | null, on: DbOrTx = db): Promise<string> {
      const key = `${companyId ?? 'shared'}/${type}/${randomUUID()}/${safeFileName(fileName)}`;
      await storage.write(key, body, mimeType);
      await insertCompletedUpload(on, { key, companyId, type, mimeType, fileName, createdBy, sizeBytes: body.length, completedAt: now() });
      return fileUrlFor(key);
    },

    /** A short-lived address for a reader who was allowed to see the record holding `url`. */
    signedUrl<T extends string | null>(url: T): T {
      return (url === null ? null : reads.signedUrl(url)) as T;
    },

    async open(key: string, expires: number, signature: string) {
      if (!reads.isValid(key, expires, signature)) throw notFound();
      const row = await findUploadByKey(db, key);
      if (!row?.completedAt) throw notFound();
      const body = await storage.serve(key);
      if (!body) throw notFound();
      return { row, body, expires };
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
