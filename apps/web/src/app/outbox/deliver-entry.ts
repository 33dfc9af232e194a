import { deliverCountLine } from '../../features/counts/outbox/deliver-count-line';
import { deliverUse } from '../../features/stock/outbox/deliver-use';
import { deliverChairEntry } from '../../features/visits/outbox/deliver-visit';
import type { Delivery } from '../../lib/outbox/outbox-delivery';
import type { OutboxEntry } from '../../lib/outbox/outbox-entry';

/** How each kind of the outbox is sent: the features' own requests, composed here. */
export function deliverEntry(entry: OutboxEntry): Promise<Delivery> {
  switch (entry.kind) {
    case 'visit':
    case 'pms-confirm':
      return deliverChairEntry(entry);
    case 'use':
      return deliverUse(entry);
    case 'count-line':
      return deliverCountLine(entry);
  }
}
