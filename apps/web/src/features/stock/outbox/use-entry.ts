import type { ConsumeStockRequest } from '@clinic/domain';
import type { OutboxEntryBase } from '../../../lib/outbox/outbox-entry';

/** Units used at the shelf, recorded at /inventory: the consumption as it is posted, with its key. */
export interface UseEntry extends OutboxEntryBase {
  kind: 'use';
  body: ConsumeStockRequest;
  /** For the refusal's wording when the server gives none (spec: a stock issue names its product). */
  productName: string;
}

declare module '../../../lib/outbox/outbox-entry' {
  interface OutboxKinds {
    use: UseEntry;
  }
}
