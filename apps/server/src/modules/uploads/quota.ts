import { UPLOAD_MESSAGES } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../core/errors';
import { lockOrganizationOfCompany, organizationStorageBytes } from './uploads.repo';

/** How long a grant (a presigned upload) accepts its form post. */
export const GRANT_LIFETIME_MS = 15 * 60 * 1000;

/**
 * How long after its expiry an unfinished grant still holds its space, and is then forgotten
 * (its row deleted, with S3 its object too). Locally a post claimed just before the expiry may
 * still be arriving; with S3 the browser's post is never seen, and a file uploaded with a form
 * counts once a record uses it, which may be a while after the upload (a form left open).
 */
export const GRANT_HOLD_MS = { local: 60 * 60 * 1000, s3: 24 * 60 * 60 * 1000 } as const;

export const BYTES_PER_MB = 1024 * 1024;

/** 5 GB: a hundred full-size (50 MB) files, or tens of thousands of product photos and PDFs. */
export const DEFAULT_UPLOAD_QUOTA_MB = 5120;

/** The quota in bytes, or null when it is turned off (0). */
export function uploadQuotaBytes(megabytes: number): number | null {
  return megabytes > 0 ? megabytes * BYTES_PER_MB : null;
}

/**
 * Refuses (413) a grant of `maxBytes` for a location whose organization would then pass its
 * quota, counting stored files and the grants still open. Run in the transaction that records
 * the grant: the organization stays locked until it commits, so grants asked together queue.
 */
export async function checkStorageQuota(tx: DbOrTx, companyId: string, maxBytes: number, options: { quotaBytes: number; heldSince: Date }): Promise<void> {
  const organizationId = await lockOrganizationOfCompany(tx, companyId);
  if (!organizationId) return;
  const held = await organizationStorageBytes(tx, organizationId, options.heldSince);
  if (held + maxBytes > options.quotaBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.quotaExceeded(Math.floor(options.quotaBytes / BYTES_PER_MB)));
  }
}
