import type { DbOrTx } from '../../db/client';
import { countPendingEmails } from './outbox.repo';

/** E-mails written and not yet delivered (the outbox's backlog, for /metrics). */
export const pendingEmailCount = (db: DbOrTx): Promise<number> => countPendingEmails(db);
