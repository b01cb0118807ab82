import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * A body with a top-level field the route does not know is refused (400, naming the field), so
 * a typo or a probe never half-applies. Nested objects keep zod's default of dropping unknown
 * keys: a `role` slipped into the sign-up `user` object is ignored, never stored.
 */
export const strictBodyValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const schema = route.httpPart === 'body' && route.schema instanceof z.ZodObject ? route.schema.strict() : route.schema;
  return validatorCompiler({ ...route, schema });
};
