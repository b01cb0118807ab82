import type { FastifySerializerCompiler } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorDetail } from '@lbs/domain/responses';

type Security = Array<Record<string, string[]>>;

/** The routes' `security`: a session token is required. */
export const BEARER: Security = [{ bearer: [] }];
/** A session token is read when given (it changes the answer) but not required. */
export const OPTIONAL_BEARER: Security = [{}, { bearer: [] }];
/** A session token, or the short-lived `?ticket=` a ticket route hands out. */
export const BEARER_OR_TICKET: Security = [{ bearer: [] }, { ticket: [] }];
/** Only the short-lived `?ticket=` a link route hands out. */
export const TICKET: Security = [{ ticket: [] }];

const ERROR_MEANING = {
  400: 'Invalid request; the detail names the field and the rule',
  401: 'No valid session (or link) was given',
  403: 'Signed in, but not allowed',
  404: 'Not found',
  409: 'Conflicts with the current state',
  410: 'Gone',
  413: 'Request body is too large',
  415: 'Unsupported content type; send application/json',
  429: 'Too many requests; try again later',
  503: 'Unavailable',
} as const;
export type ErrorStatus = keyof typeof ERROR_MEANING;

const errorSchemas = Object.fromEntries(
  Object.entries(ERROR_MEANING).map(([status, meaning]) => [status, ZErrorDetail.describe(meaning)]),
) as Record<ErrorStatus, typeof ZErrorDetail>;

/** `{"detail"}` answers for these statuses, to spread into a route's `response`. */
export function errors<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof ZErrorDetail> {
  return Object.fromEntries(statuses.map((s) => [s, errorSchemas[s]])) as Record<S, typeof ZErrorDetail>;
}

/**
 * A request body schema with an example the document shows (and the OpenAPI test sends).
 * Written as `x-examples`: zod drops `examples` from the input side of a schema that transforms.
 */
export function withExample<T extends z.ZodType>(schema: T, value: z.input<T>): T {
  return schema.meta({ 'x-examples': { example: { value } } }) as T;
}

/** What every route with a JSON body can answer before its handler runs. */
export const BODY_ERRORS = [400, 413, 415] as const;

/**
 * A response that is not JSON (a PDF, a file, an event stream, a redirect), written as plain
 * OpenAPI: the zod serializer never sees it, since those replies are bytes, streams or empty.
 */
export interface RawResponse {
  description: string;
  content?: Record<string, { schema: Record<string, unknown> }>;
  headers?: Record<string, Record<string, unknown>>;
  type?: 'null';
}

export const binaryResponse = (contentType: string, description: string): RawResponse => ({
  description,
  content: { [contentType]: { schema: { type: 'string', format: 'binary' } } },
});

/** An empty success (204). */
export const noContent = (description: string): RawResponse => ({ description, type: 'null' });

export const redirectResponse = (description: string): RawResponse => ({
  description,
  type: 'null',
  headers: { location: { type: 'string', description: 'Where to go' } },
});

const isZod = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType;

/**
 * jsonSchemaTransform converts zod schemas and refuses anything else; plain OpenAPI responses
 * (RawResponse) are set aside for it and put back as they are.
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const response = input.schema?.response as Record<string, unknown> | undefined;
  if (!response || Object.values(response).every(isZod)) return jsonSchemaTransform(input);
  const zodOnly = Object.fromEntries(Object.entries(response).filter(([, s]) => isZod(s)));
  const raw = Object.fromEntries(Object.entries(response).filter(([, s]) => !isZod(s)));
  const out = jsonSchemaTransform({ ...input, schema: { ...input.schema, response: zodOnly } });
  const schema = out.schema as { response?: Record<string, unknown> };
  return { ...out, schema: { ...schema, response: { ...schema.response, ...raw } } };
};

/** Zod schemas serialize through zod; a plain OpenAPI entry (never used for JSON) as JSON. */
export const openApiSerializerCompiler: FastifySerializerCompiler<unknown> = (route) =>
  isZod(route.schema) ? serializerCompiler(route as Parameters<typeof serializerCompiler>[0]) : (data) => JSON.stringify(data);
