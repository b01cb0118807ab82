import { createRequire } from 'node:module';
import fc from 'fast-check';

/** The parts of an OpenAPI 3.0 document (as @fastify/swagger writes it) the fuzzer reads. */
export type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  example?: unknown;
  examples?: unknown;
};

export interface Operation {
  method: string;
  path: string;
  parameters?: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema; example?: unknown; examples?: Record<string, { value?: unknown }> }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  components?: Record<string, unknown>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
  );
}

/**
 * Values no form would send: NUL bytes, lone surrogates, extreme and negative-zero numbers, huge
 * strings, the wrong JSON type, prototype keys, injection-looking text.
 */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '\ud83d',
    '',
    ' ',
    'x'.repeat(10_000),
    '💥'.repeat(300),
    "' OR 1=1 --",
    '../../../etc/passwd',
    '%00',
    '<script>alert(1)</script>',
    '__proto__',
    'constructor',
    1e308,
    -1e308,
    -0,
    2 ** 53 + 1,
    -(2 ** 63),
    1.5,
    0,
    -1,
    true,
    false,
    null,
    [],
    [1, 'a', null],
    {},
    { nested: { deeper: { deepest: [] } } },
  ),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.double(),
  fc.integer(),
);

const WORD = fc.string({ minLength: 1, maxLength: 12, unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz_'.split('')) });

/** Examples the document gives for a schema (the contract adds them to request bodies). */
function examplesOf(schema: JsonSchema): unknown[] {
  const out: unknown[] = [];
  if (schema.example !== undefined) out.push(schema.example);
  if (Array.isArray(schema.examples)) out.push(...schema.examples);
  return out;
}

/**
 * Values shaped by the schema (mostly valid, so requests get past validation into the handlers),
 * mixed at every level with hostile ones.
 */
export function valueFor(schema: JsonSchema | undefined, hints: unknown[] = [], depth = 0): fc.Arbitrary<unknown> {
  const shaped = shapedValue(schema ?? {}, hints, depth);
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue });
}

function shapedValue(schema: JsonSchema, hints: unknown[], depth: number): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [];
  const examples = [...examplesOf(schema), ...hints];
  if (examples.length) options.push(fc.constantFrom(...examples));
  if (schema.enum?.length) options.push(fc.constantFrom(...schema.enum));
  if ('const' in schema) options.push(fc.constant(schema.const));
  for (const alt of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? []).slice(0, 1)]) {
    options.push(shapedValue(alt, [], depth));
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const num = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  switch (type) {
    case 'string': {
      const minLength = Math.min(num('minLength') ?? 0, 300);
      const maxLength = Math.max(minLength, Math.min(num('maxLength') ?? 40, 300));
      const format = schema.format;
      if (format === 'email') options.push(fc.emailAddress());
      else if (format === 'uuid') options.push(fc.uuid());
      else if (format === 'date-time') options.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
      else if (format === 'date') options.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)));
      options.push(fc.string({ minLength, maxLength }));
      break;
    }
    case 'integer': {
      const min = num('minimum') ?? -1000;
      const max = num('maximum') ?? 1_000_000;
      options.push(fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(Math.max(min, max), 2 ** 31) }));
      break;
    }
    case 'number': {
      const min = num('minimum') ?? -1e6;
      const max = num('maximum') ?? 1e6;
      options.push(fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true }));
      break;
    }
    case 'boolean':
      options.push(fc.boolean());
      break;
    case 'array':
      if (depth < 4) options.push(fc.array(valueFor(schema.items, [], depth + 1), { maxLength: 4 }));
      break;
    case 'object':
    default:
      if (schema.properties && depth < 4) options.push(objectFor(schema, depth));
  }
  if (schema.nullable) options.push(fc.constant(null));
  return options.length ? fc.oneof(...options) : hostileValue;
}

/** An object with the schema's fields (required ones usually there), sometimes with unknown fields. */
function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(([key, sub]) =>
    fc
      .tuple(fc.double({ min: 0, max: 1, noNaN: true }), valueFor(sub, [], depth + 1))
      .map(([roll, value]) => [key, roll < (required.has(key) ? 0.93 : 0.6) ? value : undefined] as const),
  );
  const unknown = fc.option(fc.dictionary(WORD, hostileValue, { maxKeys: 2 }), { freq: 5 });
  return fc.tuple(fc.tuple(...fields), unknown).map(([entries, extra]) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of entries) if (value !== undefined) out[key] = value;
    return extra ? { ...out, ...extra } : out;
  });
}

/**
 * Percent-encodes for a URL; a lone surrogate goes as the bytes a careless client would send
 * (its WTF-8 form), which is not valid UTF-8.
 */
export function encodeUrlPart(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && /[\udc00-\udfff]/.test(text[i + 1]!)) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(text[i]!);
  }
  return out;
}

/** OpenAPI 3.0's boolean exclusiveMinimum/Maximum, rewritten as JSON Schema draft 7 numbers. */
function toDraft7(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toDraft7);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = toDraft7(value);
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] === 'boolean') {
      if (out[flag] && typeof out[bound] === 'number') {
        out[flag] = out[bound];
        delete out[bound];
      } else delete out[flag];
    }
  }
  // OpenAPI 3.0's `nullable: true` beside an `enum` admits null too; Ajv only honours `nullable`
  // for `type`, so the enum must list null for the same meaning.
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  return out;
}

type Validate = ((data: unknown) => boolean) & { errors?: unknown };

/**
 * Compiles declared response schemas with the Ajv that Fastify itself uses (OpenAPI's `nullable`
 * understood), resolving `#/components/...` references against the document.
 */
export function responseValidator(doc: OpenApiDocument) {
  const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));
  const compilerRequire = createRequire(fastifyRequire.resolve('@fastify/ajv-compiler'));
  const AjvModule = compilerRequire('ajv') as { default: new (opts: object) => { compile(s: object): Validate } };
  const formats = compilerRequire('ajv-formats') as { default: (ajv: object) => void };
  const ajv = new AjvModule.default({ strict: false, allErrors: true, validateFormats: true });
  formats.default(ajv);
  const components = toDraft7(doc.components ?? {});
  const cache = new Map<JsonSchema, Validate>();
  return (schema: JsonSchema): Validate => {
    let validate = cache.get(schema);
    if (!validate) {
      validate = ajv.compile({ ...(toDraft7(schema) as object), components });
      cache.set(schema, validate);
    }
    return validate;
  };
}

/** The schema declared for a status: exact code, then its class (`4XX`), then `default`. */
export function declaredResponseSchema(op: Operation, status: number): JsonSchema | undefined {
  const responses = op.responses ?? {};
  // A path value over the router's limit (app.ts maxParamLength, 2048) is answered 414 {detail} by
  // the framework error handler for every route, before any route sees it (plugins/errors.ts,
  // router-limits.test.ts): held to the same {detail} shape as the route's 400.
  if (status === 414 && !responses['414']) return declaredResponseSchema(op, 400);
  const entry = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  return entry?.content?.['application/json']?.schema;
}
