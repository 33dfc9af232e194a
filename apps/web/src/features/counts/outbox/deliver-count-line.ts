import type { CountLine } from '@clinic/domain';
import { api } from '../../../lib/api-client';
import { failedDelivery, type Delivery } from '../../../lib/outbox/outbox-delivery';
import type { CountLineEntry } from './count-entry';

/**
 * Sends a counted line (PUT) or a found lot (POST) with its idempotency key: sent again after a
 * lost answer, the server answers the line it wrote the first time. A refusal (the count was
 * submitted or canceled meanwhile) is the server's message.
 */
export async function deliverCountLine(entry: CountLineEntry): Promise<Delivery> {
  try {
    const { body } = entry;
    const answer =
      'found' in body
        ? await api.post<CountLine>(`counts/${entry.countId}/found`, body.found)
        : await api.put<CountLine>(`counts/${entry.countId}/lines/${body.line_id}`, { counted_units: body.counted_units, idempotency_key: body.idempotency_key });
    return { kind: 'sent', answer };
  } catch (error) {
    return failedDelivery(error);
  }
}
