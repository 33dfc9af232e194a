import type { Transporter } from 'nodemailer';
import { lazy } from '../../core/lazy';
import type { Db } from '../../db/client';
import type { JobRun } from '../../jobs/job-queue';
import type { FileStorage } from '../uploads/storage';
import { keyFromFileUrl } from '../uploads/storage';
import { findOutboxEmail, markAttemptFailed, markSent, type OutboxRow } from './outbox.repo';

export interface EmailDelivery {
  /** The e-mail queue's job: sends one outbox message; throwing lets the job engine retry it. */
  deliver(data: { emailId: string }, run: JobRun): Promise<void>;
  close(): void;
}

/**
 * Delivers outbox messages over SMTP, one job per message (the job engine claims each for one
 * process and retries with backoff). The outbox row keeps what the admin sees: attempts, the last
 * error, and 'failed' once the engine gives up.
 */
export function createEmailDelivery(db: Db, smtpUrl: string, from: string, storage?: FileStorage): EmailDelivery {
  // Nodemailer and its connection, with the first message (core/lazy.ts), not at start.
  let transport: Transporter | null = null;
  const connect = lazy(async () => {
    const { default: nodemailer } = await import('nodemailer');
    transport = nodemailer.createTransport(smtpUrl);
    return transport;
  });

  /** Stored files go out as their bytes; a file that is gone fails the attempt (and it is retried). */
  async function attachmentsOf(message: OutboxRow) {
    return Promise.all(
      message.attachments.map(async (attachment) => {
        const key = keyFromFileUrl(attachment.url);
        const content = key && storage ? await storage.openRead(key) : null;
        if (!content) throw new Error(`attachment ${attachment.filename} is not in file storage`);
        return { filename: attachment.filename, contentType: attachment.contentType, content };
      }),
    );
  }

  return {
    async deliver({ emailId }, run) {
      const message = await findOutboxEmail(db, emailId);
      // Sent already (a retry after the answer was lost), or gone: nothing to do.
      if (!message || message.status === 'sent') return;
      try {
        await (await connect()).sendMail({ from, to: message.to, subject: message.subject, text: message.text, attachments: await attachmentsOf(message) });
      } catch (error) {
        await markAttemptFailed(db, message.id, error instanceof Error ? error.message : String(error), run.lastAttempt);
        throw error;
      }
      await markSent(db, message.id);
    },
    close: () => {
      transport?.close();
    },
  };
}
