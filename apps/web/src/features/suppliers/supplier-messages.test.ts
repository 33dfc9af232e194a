import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { supplierFailureMessage } from './supplier-messages';

describe('supplierFailureMessage', () => {
  const conflict = new ApiError(409, 'Supplier already exists');
  const forbidden = new ApiError(403, 'You cannot change a shared supplier');
  const offline = new ApiError(0, 'Cannot reach the server.');

  it('names the clash for a 409 on create and update', () => {
    expect(supplierFailureMessage('create', conflict)).toBe('Supplier already exists');
    expect(supplierFailureMessage('update', conflict)).toBe('Supplier already exists');
  });

  it('uses the spec wording for every other failure', () => {
    expect(supplierFailureMessage('create', offline)).toBe('Failed to create supplier!');
    expect(supplierFailureMessage('update', forbidden)).toBe('Failed to update supplier!');
    expect(supplierFailureMessage('delete', forbidden)).toBe('Failed to delete supplier!');
    expect(supplierFailureMessage('delete', new Error('x'))).toBe('Failed to delete supplier!');
  });
});
