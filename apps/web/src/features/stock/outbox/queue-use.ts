import { STOCK_MESSAGES } from '@clinic/domain';
import { queueEntry } from '../../../lib/outbox/outbox-sender';
import type { UseEntry } from './use-entry';

/** Keeps a use on the device and sends it when it can; without a network it says so at once. */
export async function queueUse(entry: Omit<UseEntry, 'createdAt' | 'state' | 'error'>, info: (message: string) => void): Promise<void> {
  await queueEntry(entry);
  if (!navigator.onLine) info(STOCK_MESSAGES.useQueued);
}
