import { MESSAGES } from '@clinic/domain';

/**
 * Parse options for zodResolver: an empty or missing value reads "Required" (the spec's wording)
 * instead of zod's technical "expected number, received undefined". Schema messages still win.
 */
export const zodParseOptions = {
  error: (issue: { code?: string; input?: unknown }) =>
    issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null || issue.input === '')
      ? MESSAGES.required
      : undefined,
};

/** Spec section 5: number boxes refuse '-', '+', 'e' and 'E' (no signs, no exponents). */
export function blockNonNumericKeys(event: { key: string; preventDefault: () => void }): void {
  if (event.key === '-' || event.key === '+' || event.key === 'e' || event.key === 'E') event.preventDefault();
}
