import fc from 'fast-check';
import { EXTREME_DATE_TIMES, EXTREME_DAYS } from './odd-input';

/** The parts of a JSON Schema (as the OpenAPI document writes them) the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
}

/** Ids worth sending: the caller's own records, another tenant's, and ids nobody has. */
export interface IdPool {
  own: string[];
  foreign: string[];
}

/** Dates as clinics write them, and now and then one far outside any record (issue 39). */
const isoDate = fc.oneof(
  { weight: 9, arbitrary: fc.date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)) },
  { weight: 1, arbitrary: fc.constantFrom(...EXTREME_DAYS) },
);
const isoDateTime = fc.oneof(
  { weight: 9, arbitrary: fc.date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString()) },
  { weight: 1, arbitrary: fc.constantFrom(...EXTREME_DATE_TIMES) },
);
/** Text as people type it and as attackers do: plain words, any Unicode, SQL and markup fragments. */
const oddText = (maxLength: number) =>
  fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.constantFrom("O'Brien", "'; drop table users; --", '<script>alert(1)</script>', '%', '_', '\\', '   ', '=SUM(A1)', 'ＡＢＣ', '🦷', 'a'.repeat(Math.max(1, maxLength))),
  );

function idArbitrary(ids: IdPool): fc.Arbitrary<string> {
  const pools = [ids.own, ids.foreign].filter((p) => p.length > 0).map((p) => fc.constantFrom(...p));
  return fc.oneof(...pools, fc.uuid());
}

/**
 * Values that follow the schema (most of the time: strings keep their length limits, numbers
 * their bounds), so requests get past validation and reach the services; uuids come from the pool.
 */
export function valueOf(schema: JsonSchema | undefined, ids: IdPool, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => valueOf(s, ids, depth + 1)));
  if (schema.allOf) return valueOf(Object.assign({}, ...schema.allOf) as JsonSchema, ids, depth + 1);
  const types = [schema.type ?? 'any'].flat();
  const arbitraries = types.map((type) => ofType(type, schema, ids, depth));
  if (schema.nullable) arbitraries.push(fc.constant(null));
  return arbitraries.length === 1 ? arbitraries[0]! : fc.oneof(...arbitraries);
}

function ofType(type: string, schema: JsonSchema, ids: IdPool, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 100_000);
      return fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) });
    }
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1000;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? 100_000;
      const doubles = fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
      // A range with no whole number in it (a service level of 0.5 to 0.999) gets fractions only.
      const [low, high] = [Math.ceil(min), Math.floor(Math.min(max, 2 ** 31 - 1))];
      return low <= high ? fc.oneof(fc.integer({ min: low, max: high }), doubles) : doubles;
    }
    case 'string':
      return stringOf(schema, ids);
    case 'array':
      return fc.array(valueOf(schema.items, ids, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object': {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, valueOf(value, ids, depth + 1)]));
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(schema: JsonSchema, ids: IdPool): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return idArbitrary(ids);
    case 'date':
      return isoDate;
    case 'date-time':
      return isoDateTime;
    case 'email':
      return fc.emailAddress();
    case 'uri':
      return fc.webUrl();
    case undefined:
    default: {
      const maxLength = Math.min(schema.maxLength ?? 40, 120);
      const text = oddText(maxLength).filter((s) => s.length >= (schema.minLength ?? 0) && s.length <= maxLength);
      // Patterned fields (barcodes, phone numbers) get digits as often as anything else.
      return schema.pattern ? fc.oneof(text, fc.stringMatching(/^[0-9]{1,14}$/)) : text;
    }
  }
}

/** Any JSON at all, or the schema's value with a field taken away or replaced by the wrong kind. */
export function brokenValueOf(schema: JsonSchema | undefined, ids: IdPool): fc.Arbitrary<unknown> {
  const broken = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom('', '[]', 0, -1, 1e308, true, 'null'));
  if (!schema?.properties) return broken;
  const keys = Object.keys(schema.properties);
  if (keys.length === 0) return broken;
  const mutated = fc
    .tuple(valueOf(schema, ids), fc.constantFrom(...keys), fc.oneof(fc.constant(undefined), fc.jsonValue({ maxDepth: 1 }), fc.string({ unit: 'binary', maxLength: 8 })))
    .map(([value, key, replacement]) => {
      const copy = { ...(value as Record<string, unknown>) };
      if (replacement === undefined) delete copy[key];
      else copy[key] = replacement;
      return copy;
    });
  return fc.oneof(broken, mutated);
}
