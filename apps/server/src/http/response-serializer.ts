import Fastify, { type FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySerializerCompiler<z.ZodType>>[0];

/**
 * Answers are written by fast-json-stringify, compiled once per route and status from the JSON
 * Schema of the route's zod response schema, instead of zod checking every answer and
 * JSON.stringify writing it (issue 19: on a small list that cost several percent of the request's
 * CPU). What an answer holds does not change: only the properties the schema declares are written
 * (a column the schema leaves out still never leaks), and a missing required property still
 * fails the request. What is no longer checked on the way out is the values' form (a uuid, an
 * enum member): the services build answers from typed rows, and the route tests compare them.
 * A schema zod cannot express in JSON Schema (a transform) keeps zod's serializer.
 * Requests are still validated by zod.
 */
export async function createResponseSerializerCompiler(): Promise<FastifySerializerCompiler<z.ZodType>> {
  const compileJson = await fastJsonStringifyCompiler();
  // One writer per schema (every route shares the error schema), compiled at its first answer:
  // compiling all of them at start-up would add seconds to the server's start.
  const writers = new WeakMap<z.ZodType, (data: unknown) => string>();
  const writerFor = (route: RouteSchema) => {
    let writer = writers.get(route.schema);
    if (!writer) {
      const json = serializableJsonSchema(route.schema);
      writer = json ? compileJson({ ...route, schema: json }) : zodSerializerCompiler(route);
      // zod's writer names the route in its errors: it stays the route's own.
      if (json) writers.set(route.schema, writer);
    }
    return writer;
  };
  return (route: RouteSchema) => {
    let writer: ((data: unknown) => string) | undefined;
    return (data: unknown) => (writer ??= writerFor(route))(data);
  };
}

/**
 * Fastify's own serializer compiler (fast-json-stringify), taken from a throwaway instance: a
 * Fastify without a serializer compiler of its own builds its default one at ready (the
 * documented `serializerCompiler` property), so the server uses the very copy and options
 * Fastify ships with.
 */
async function fastJsonStringifyCompiler(): Promise<FastifySerializerCompiler<unknown>> {
  const probe = Fastify();
  probe.get('/', { schema: { response: { 200: { type: 'null' } } } }, () => null);
  await probe.ready();
  const compiler = probe.serializerCompiler;
  await probe.close();
  if (!compiler) throw new Error('Fastify built no serializer compiler');
  return compiler;
}

/** The schema as fast-json-stringify reads it, or null when zod cannot express it. */
function serializableJsonSchema(schema: z.ZodType): Record<string, unknown> | null {
  let json: Record<string, unknown>;
  try {
    json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw', cycles: 'ref', reused: 'inline' }) as Record<string, unknown>;
  } catch {
    return null;
  }
  delete json.$schema;
  return forWriting(json) as Record<string, unknown>;
}

/** Keywords that only check a value, and `default`, which zod never fills in on the way out. */
const CHECK_ONLY = new Set(['format', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'minItems', 'maxItems', 'uniqueItems', 'propertyNames', 'default']);

/**
 * The schema as a writer needs it. fast-json-stringify writes only declared properties whatever
 * the checks, but where it must choose among alternatives (anyOf) it checks the value against each
 * one, at every answer. So the checks go (a uuid's pattern would otherwise run on every row);
 * closed objects open (zod closes output objects, and a closed alternative would refuse a value
 * with one more property than its schema, where zod strips the property); and "this or null", the
 * most common alternative, becomes the writer's `nullable`, which needs no check at all.
 */
function forWriting(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forWriting);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (CHECK_ONLY.has(key) || (key === 'additionalProperties' && value === false)) continue;
    // Property names are data, not keywords: a property called "format" stays.
    out[key] = key === 'properties' || key === 'definitions' ? mapValues(value as Record<string, unknown>, forWriting) : forWriting(value);
  }
  const other = orNull(out.anyOf);
  return other ? { ...other, nullable: true } : out;
}

/** The alternative of an `anyOf: [schema, null]` when it can simply be nullable. */
function orNull(anyOf: unknown): Record<string, unknown> | null {
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return null;
  const isNull = (s: Record<string, unknown>) => s.type === 'null' && Object.keys(s).length === 1;
  const [a, b] = anyOf as Record<string, unknown>[];
  const other = isNull(a!) ? b! : isNull(b!) ? a! : null;
  if (!other || other.anyOf || other.oneOf || other.allOf || other.$ref || other.nullable || Array.isArray(other.type) || other.const !== undefined) return null;
  return other;
}

function mapValues(record: Record<string, unknown>, fn: (value: unknown) => unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, fn(value)]));
}
