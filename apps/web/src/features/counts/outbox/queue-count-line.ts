import { COUNT_MESSAGES } from '@clinic/domain';
import { queueEntry } from '../../../lib/outbox/outbox-sender';
import type { CountLineEntry } from './count-entry';

/**
 * Keeps a counted line (or a found lot) on the device and sends it when it can, under a key of its
 * own. Without a network it says so; the sheet shows it waiting until the server has it.
 */
export async function queueCountLine(entry: Omit<CountLineEntry, 'createdAt' | 'state' | 'error'>, info: (message: string) => void): Promise<void> {
  await queueEntry(entry);
  if (!navigator.onLine) info(COUNT_MESSAGES.countQueued);
}
