import type { JsonSchema } from './schema-arbitrary';

/**
 * Issue 39: input no schema of ours would produce, sent to every operation of the OpenAPI
 * document so that a new route cannot answer 500 to it again.
 */

/** JSON text 10,000 arrays deep, and a body whose one field is 10,000 objects deep. */
export const DEEP_BODIES = [
  '['.repeat(10_000) + ']'.repeat(10_000),
  `{"name":"Deep","note":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`,
];

/**
 * Days far outside any record: the last and first of four-digit years, and the ends of
 * JavaScript's Date range (years of six digits, which no ISO day has).
 */
export const EXTREME_DAYS = ['9999-12-31', '0001-01-01', '275760-09-13', '-271821-04-20'];
export const EXTREME_DATE_TIMES = ['9999-12-31T23:59:59Z', '0001-01-01T00:00:00.000Z', '+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00.000Z'];

export type FieldPath = (string | number)[];

/** Every field of a schema written as a date or date-time, by its path (array items as item 0). */
export function dateFieldsOf(schema: JsonSchema | undefined, path: FieldPath = [], depth = 0): { path: FieldPath; format: 'date' | 'date-time' }[] {
  if (!schema || depth > 8) return [];
  if (schema.format === 'date' || schema.format === 'date-time') return [{ path, format: schema.format }];
  const found = [
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((alternative) => dateFieldsOf(alternative, path, depth + 1)),
    ...Object.entries(schema.properties ?? {}).flatMap(([key, property]) => dateFieldsOf(property, [...path, key], depth + 1)),
    ...dateFieldsOf(schema.items, [...path, 0], depth + 1),
  ];
  // A field that is a date in several alternatives is one field.
  return [...new Map(found.map((field) => [field.path.join('.'), field])).values()];
}

/** A copy of `value` with `replacement` at `path`, making the objects and arrays on the way. */
export function withValueAt(value: unknown, path: FieldPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [key, ...rest] = path;
  if (typeof key === 'number') {
    const items = Array.isArray(value) ? [...(value as unknown[])] : [];
    items[key] = withValueAt(items[key], rest, replacement);
    return items;
  }
  const record = value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  record[key!] = withValueAt(record[key!], rest, replacement);
  return record;
}
