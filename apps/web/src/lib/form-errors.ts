import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** The server names fields as paths ("body.location.city", "/location/city"); forms use dotted names. */
export function toFormFieldName(field: string): string {
  return field
    .replace(/^\/+/, '')
    .replace(/\//g, '.')
    .replace(/^body\./, '');
}

/**
 * Puts the server's field errors under the matching inputs.
 * Returns true when at least one was placed, so the caller need not repeat it in a snackbar.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const fieldError of error.errors) {
    const name = toFormFieldName(fieldError.field);
    if (!fields.includes(name)) continue;
    setError(name as Path<T>, { type: 'server', message: fieldError.message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
