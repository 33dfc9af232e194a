import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { FileStorage } from '../uploads/storage';
import { keyFromFileUrl } from '../uploads/storage';
import { claimPending, markAttemptFailed, markSent, type OutboxRow } from './outbox.repo';

const MAX_ATTEMPTS = 5;
const BATCH = 10;

export interface OutboxWorker {
  /** Sends what is pending now; returns how many messages were handled. */
  drain(): Promise<number>;
  stop(): void;
}

/**
 * Delivers the outbox over SMTP. Each batch runs in a transaction holding row locks, so two
 * processes never send the same message; a failed send is retried up to five times.
 */
export function startOutboxWorker(db: Db, smtpUrl: string, from: string, log: FastifyBaseLogger, intervalMs = 5000, storage?: FileStorage): OutboxWorker {
  const transport = nodemailer.createTransport(smtpUrl);

  /** Stored files go out as their bytes; a file that is gone fails the message (and it is retried). */
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
  let running: Promise<number> | null = null;

  const drainOnce = () =>
    db.transaction(async (tx) => {
      const batch = await claimPending(tx, BATCH, MAX_ATTEMPTS);
      for (const message of batch) {
        try {
          await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, attachments: await attachmentsOf(message) });
          await markSent(tx, message.id);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          log.warn({ emailId: message.id, reason }, 'e-mail delivery failed');
          await markAttemptFailed(tx, message.id, reason, message.attempts + 1 >= MAX_ATTEMPTS);
        }
      }
      return batch.length;
    });

  const drain = () => {
    running ??= drainOnce().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => {
    drain().catch((error: unknown) => log.error({ err: error }, 'outbox worker failed'));
  }, intervalMs);
  timer.unref();

  return {
    drain,
    stop: () => {
      clearInterval(timer);
      transport.close();
    },
  };
}
