import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { categoryFailureMessage } from './category-messages';

describe('categoryFailureMessage', () => {
  const conflict = new ApiError(409, 'Category already exists');
  const forbidden = new ApiError(403, 'Forbidden');
  const offline = new ApiError(0, 'Cannot reach the server.');

  it('names the clash for a 409 on create and update', () => {
    expect(categoryFailureMessage('create', conflict)).toBe('Category already exists');
    expect(categoryFailureMessage('update', conflict)).toBe('Category already exists');
  });

  it('uses the spec wording for every other failure', () => {
    expect(categoryFailureMessage('create', offline)).toBe('Failed to create Category!');
    expect(categoryFailureMessage('update', forbidden)).toBe('Failed to update category!');
    expect(categoryFailureMessage('delete', conflict)).toBe('Failed to delete category');
    expect(categoryFailureMessage('delete', new Error('x'))).toBe('Failed to delete category');
  });
});
