import { z } from 'zod';

/** A missing field reads 'Required', as the specification words it, on both server and web. */
z.config({
  customError: (issue) => {
    if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined) return 'Required';
    return undefined;
  },
});

/**
 * Zod probes `new Function` to compile fast parsers; under a strict Content-Security-Policy (no
 * 'unsafe-eval', as the web app is served) the probe is refused and reported as a violation.
 * The browser calls this before any schema is used; the server keeps the compiled parsers.
 */
export function runZodWithoutEval(): void {
  z.config({ jitless: true });
}
