import { STOCK_MESSAGES } from '@clinic/domain';
import { NotSentPanel } from '../../../components/outbox/not-sent-panel';
import { useNotify } from '../../../components/notifications/use-notify';
import { useOutboxEntries, useOutboxEvents } from '../../../lib/outbox/use-outbox';
import { useInvalidateStock } from '../api/stock-api';

const USES = ['use'] as const;

/**
 * "Not sent yet" at /inventory: the uses recorded here that the server does not have yet, each
 * with its state. A use sent says so and refreshes the lots; one refused (fewer units left than
 * used, say) says the server's message and waits on its entry to be sent again or discarded.
 */
export function QueuedUses() {
  const notify = useNotify();
  const invalidate = useInvalidateStock();
  const entries = useOutboxEntries(USES);
  useOutboxEvents((event) => {
    if (event.entry.kind !== 'use') return;
    if (event.kind === 'sent') {
      notify.success(STOCK_MESSAGES.consumed);
      void invalidate();
    }
    if (event.kind === 'refused') notify.error(event.message);
  });
  return <NotSentPanel entries={entries} />;
}
