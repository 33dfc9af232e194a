import { describe, expect, it } from 'vitest';
import { PRODUCT_REQUEST_MESSAGES, SendProductRequestSchema } from './product-requests';

const KEY = 'b9c8d7e6-f5a4-4b3c-9d2e-1f0a9b8c7d6e';
const messages = (body: Record<string, unknown>) => {
  const parsed = SendProductRequestSchema.safeParse({ urgency: 'routine', idempotency_key: KEY, ...body });
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('a product request', () => {
  it('takes whole containers from 1 to 1000, an urgency and an optional note (trimmed)', () => {
    expect(SendProductRequestSchema.parse({ quantity: 3, urgency: 'urgent', note: '  soon ', idempotency_key: KEY })).toEqual({ quantity: 3, urgency: 'urgent', note: 'soon', idempotency_key: KEY });
    expect(messages({ quantity: 1000 })).toEqual([]);
  });

  it('says what is wrong with each field', () => {
    expect(messages({})).toEqual([`quantity: ${PRODUCT_REQUEST_MESSAGES.quantityRequired}`]);
    expect(messages({ quantity: 0 })).toEqual([`quantity: ${PRODUCT_REQUEST_MESSAGES.quantityMin}`]);
    expect(messages({ quantity: 2.5 })).toEqual([`quantity: ${PRODUCT_REQUEST_MESSAGES.quantityWhole}`]);
    expect(messages({ quantity: 1001 })).toEqual([`quantity: ${PRODUCT_REQUEST_MESSAGES.quantityMax}`]);
    expect(messages({ quantity: 1, urgency: 'someday' })).toEqual(['urgency: Choose how urgent it is']);
    expect(messages({ quantity: 1, note: 'x'.repeat(501) })).toEqual([`note: ${PRODUCT_REQUEST_MESSAGES.noteTooLong}`]);
    expect(messages({ quantity: 1, idempotency_key: undefined })).toHaveLength(1);
  });
});
