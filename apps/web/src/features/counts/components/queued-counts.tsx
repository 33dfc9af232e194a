import { useQueryClient } from '@tanstack/react-query';
import { COUNT_MESSAGES } from '@clinic/domain';
import { NotSentPanel } from '../../../components/outbox/not-sent-panel';
import { useNotify } from '../../../components/notifications/use-notify';
import { countKeys } from '../../../lib/counts';
import { useOutboxEntries, useOutboxEvents } from '../../../lib/outbox/use-outbox';
import type { CountLineEntry } from '../outbox/count-entry';

const COUNT_LINES = ['count-line'] as const;

/** The signed-in user's lines of this count (counted or found) not sent yet, oldest first. */
export function useQueuedCountLines(countId: string): CountLineEntry[] {
  return useOutboxEntries(COUNT_LINES).filter((entry) => entry.countId === countId);
}

/**
 * "Not sent yet" on a count's page: the lines counted here without a network, each with its state.
 * A line sent refreshes the sheet (the books' figure comes from the server, never from the
 * device), a found lot says it was added; one refused (the count closed meanwhile) says the
 * server's message.
 */
export function QueuedCounts({ countId }: { countId: string }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const entries = useQueuedCountLines(countId);
  useOutboxEvents((event) => {
    const { entry } = event;
    if (entry.kind !== 'count-line' || entry.countId !== countId) return;
    if (event.kind === 'sent') {
      if ('found' in entry.body) notify.success(COUNT_MESSAGES.foundAdded);
      void queryClient.invalidateQueries({ queryKey: countKeys.all });
    }
    if (event.kind === 'refused') notify.error(event.message);
  });
  return <NotSentPanel entries={entries} />;
}
