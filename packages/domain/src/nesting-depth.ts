import { isParsedRecord } from './safe-text';

/**
 * How deep a request's objects and arrays may nest: every payload the API takes is a few levels
 * deep (a visit's product lines, a user's permission map), so 32 leaves room without letting a
 * body nested thousands deep reach the recursive checks and parsers after it (they overflowed
 * the stack and answered 500).
 */
export const MAX_NESTING_DEPTH = 32;
export const NESTED_TOO_DEEPLY_MESSAGE = `Nested too deeply: at most ${MAX_NESTING_DEPTH} levels of objects and arrays`;

/**
 * Whether parsed JSON (or a query) holds objects and arrays more than `max` levels deep. Walked
 * with a stack of its own, not by recursion, so the depth it is asked about cannot overflow it;
 * it stops at the first level too many. Only objects and arrays are pushed (each with its
 * depth, side by side in one array): a flat body costs one look at each of its values.
 */
export function isNestedTooDeeply(value: unknown, max: number = MAX_NESTING_DEPTH): boolean {
  if (!isContainer(value)) return false;
  const pending: unknown[] = [];
  let current = value as Record<string, unknown> | unknown[];
  let depth = 1;
  for (;;) {
    if (depth > max) return true;
    if (Array.isArray(current)) {
      for (const child of current) if (isContainer(child)) pending.push(child, depth + 1);
    } else {
      for (const key in current) if (Object.hasOwn(current, key) && isContainer(current[key])) pending.push(current[key], depth + 1);
    }
    if (pending.length === 0) return false;
    depth = pending.pop() as number;
    current = pending.pop() as Record<string, unknown> | unknown[];
  }
}

/** Arrays and the objects a parser builds; class instances (a raw body's buffer) are not walked. */
function isContainer(value: unknown): boolean {
  return Array.isArray(value) || isParsedRecord(value);
}
