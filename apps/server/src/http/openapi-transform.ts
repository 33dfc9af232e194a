import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import './route-access';

/**
 * How a route reads in the OpenAPI document: its zod schemas as JSON Schema, and, for a route
 * anyone may call (`access: 'public'`: health, sign-in, sign-up, password recovery, the public
 * config), an empty security requirement, overriding the document's default bearer token. The
 * route's own access declaration is the one source, so the document cannot drift from it.
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  return input.route.config?.access === 'public' ? { ...transformed, schema: { ...transformed.schema, security: [] } } : transformed;
};
