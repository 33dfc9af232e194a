import { describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '@clinic/domain';
import { ApiError } from '../../lib/api-client';
import { productFailureMessage } from './product-messages';

describe('productFailureMessage', () => {
  const conflict = new ApiError(409, 'Product already exists');
  const fault = new ApiError(500, 'Something went wrong');

  it('says a create conflict is an existing product, and other create failures generically', () => {
    expect(productFailureMessage('create', conflict)).toBe('Product already exists');
    expect(productFailureMessage('create', fault)).toBe('Failed to create product!');
  });

  it("says an update conflict is 'name or barcode exists'", () => {
    expect(productFailureMessage('update', conflict)).toBe('name or barcode exists');
    expect(productFailureMessage('update', fault)).toBe('Failed to update product!');
  });

  it('uses the catalogue texts for approve, reject and delete', () => {
    expect(productFailureMessage('approve', fault)).toBe(PRODUCT_MESSAGES.approveFailed);
    expect(productFailureMessage('reject', fault)).toBe('Failed to Delete product');
    expect(productFailureMessage('delete', fault)).toBe('Failed to delete product');
  });
});
