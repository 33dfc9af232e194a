import { z } from 'zod';

/** A missing field reads 'Required', as the specification words it, on both server and web. */
z.config({
  customError: (issue) => {
    if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined) return 'Required';
    return undefined;
  },
});
