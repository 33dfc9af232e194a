import { STOCK_MESSAGES, type Consumption } from '@clinic/domain';
import { api, errorMessage } from '../../../lib/api-client';
import { failedDelivery, type Delivery } from '../../../lib/outbox/outbox-delivery';
import type { UseEntry } from './use-entry';

/**
 * Posts a use with its idempotency key: sent again after a lost answer, the server answers the
 * consumption it recorded the first time. A refusal (fewer units left than used, say) is the
 * server's message, or the spec's stock message naming the product.
 */
export async function deliverUse(entry: UseEntry): Promise<Delivery> {
  try {
    return { kind: 'sent', answer: await api.post<Consumption>('stock/consume', entry.body) };
  } catch (error) {
    return failedDelivery(error, (e) => errorMessage(e, STOCK_MESSAGES.stockIssue(entry.productName)));
  }
}
