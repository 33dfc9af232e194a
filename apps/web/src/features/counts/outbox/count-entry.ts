import type { AddFoundLotRequest } from '@clinic/domain';
import type { OutboxEntryBase } from '../../../lib/outbox/outbox-entry';

/**
 * A line of a count's sheet counted at the shelf, or a lot found there that the sheet did not
 * list. Only what the counter typed is kept: the books' figure comes with the server's answer
 * and is never stored on the device, so the count stays blind.
 */
export interface CountLineEntry extends OutboxEntryBase {
  kind: 'count-line';
  countId: string;
  body:
    | { line_id: string; counted_units: number; idempotency_key: string }
    | { found: AddFoundLotRequest & { idempotency_key: string } };
}

declare module '../../../lib/outbox/outbox-entry' {
  interface OutboxKinds {
    'count-line': CountLineEntry;
  }
}
