import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string; code?: string; keys?: string[] } };
}

/** "body.user.email: Invalid email address" — says which field and why. */
function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  return issues
    .map((i) => {
      const issue = i.params?.issue;
      const field = issue?.path?.length ? issue.path.join('.') : (i.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
      if (issue?.code === 'unrecognized_keys' && issue.keys) {
        return `${[context, field].filter(Boolean).join('.')}: unknown field(s) ${issue.keys.join(', ')}`;
      }
      const where = [context, field].filter(Boolean).join('.');
      return `${where || context || 'request'}: ${issue?.message ?? i.message ?? 'invalid'}`;
    })
    .join('; ');
}

// Socket-level failures on the way to PostgreSQL, and the SQLSTATE classes that mean the server
// cannot take the query now: 08 connection exception, 53 insufficient resources, 57P0x shutdown.
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // node-postgres: the socket closed under a query, or connect timed out
  /^Client has encountered a connection error/,
  /^timeout exceeded when trying to connect/, // pg-pool's connectionTimeoutMillis
  /^PGlite is clos(ed|ing)/,
];

/** True when the database could not be reached or refused work for now (not a bad query). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^(08|53)/.test(code) || /^57P0[1-3]$/.test(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message))) return true;
  }
  return false;
}

/** PostgreSQL refused text the client sent: 22021 (NUL, invalid UTF-8), 22P05 (untranslatable). */
function isUnstorableText(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
  }
  return false;
}

/**
 * One place turns every failure into `{"detail"}` with the right status. Client mistakes are
 * 4xx with a reason; anything unexpected is logged and answered as a bare 500 without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ detail: err.detail });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const detail = describeValidation(err.validationContext, err.validation as ValidationIssue[]);
      return reply.status(400).send({ detail });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ detail: 'Internal server error' });
    }
    const fe = err as FastifyError;
    const status = fe.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ detail: 'Too many requests. Please try again later' });
    }
    if (status >= 400 && status < 500) {
      const detail =
        fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'Request body is too large'
          : fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type; send application/json'
            : err instanceof SyntaxError || fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
              ? 'Malformed JSON body'
              : fe.message;
      return reply.status(status).send({ detail });
    }
    if (isUnstorableText(err)) {
      // A NUL byte or invalid UTF-8 got past a schema that only checks lengths and patterns.
      return reply.status(400).send({ detail: 'The request contains characters that cannot be stored (such as NUL)' });
    }
    if (isDatabaseUnavailable(err)) {
      // Not the caller's fault and not a bug: retrying later works once the database is back.
      request.log.warn({ err }, 'database (or another backing service) unreachable');
      return reply.status(503).header('retry-after', '5').send({ detail: 'Service temporarily unavailable' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error' });
  });
}
