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
