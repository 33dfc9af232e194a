import { z } from 'zod';

/**
 * zod as every schema here uses it, configured once by the first schema module that loads: the
 * web's first pages load none (issue 37), so its configuration runs with the schemas and not
 * before the app's first paint.
 *
 * A missing field reads 'Required', as the specification words it, on both server and web.
 *
 * In a browser zod would probe `new Function` to compile fast parsers; under the app's strict
 * Content-Security-Policy (no 'unsafe-eval') the probe is refused and reported as a violation, so
 * there it checks without compiling. The server keeps the compiled parsers.
 */
z.config({
  customError: (issue) => {
    if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined) return 'Required';
    return undefined;
  },
  ...('document' in globalThis ? { jitless: true } : {}),
});

export { z };
