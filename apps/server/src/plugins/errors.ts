import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isUnstorableText } from '../db/errors';
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

type ErrorLike = { code?: unknown; cause?: unknown; stack?: unknown } & Record<string, unknown>;

/**
 * What a log may say about a failed database statement, or null when `err` is not one. The
 * wrapper's message and stack (drizzle: "Failed query: … params: …") and the driver's message
 * and detail ('Key (email)=(…)', 'invalid input syntax: "…"') can hold a password hash or an
 * address, so only the SQLSTATE code, the rule that failed (constraint, table, column) and the
 * call frames are kept.
 */
export function databaseFailure(err: unknown): Record<string, unknown> | null {
  let isDatabase = false;
  const out: Record<string, unknown> = {};
  for (let e = err as ErrorLike | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as ErrorLike, depth++) {
    if ('params' in e && 'query' in e) isDatabase = true;
    // pg's and PGlite's DatabaseError both carry the server's severity and SQLSTATE code.
    if (typeof e.code === 'string' && typeof e.severity === 'string') {
      isDatabase = true;
      for (const key of ['code', 'constraint', 'table', 'column', 'severity', 'routine'] as const) {
        if (typeof e[key] === 'string') out[key] = e[key];
      }
      break;
    }
    // A connection failure: a system code such as ECONNREFUSED, no server fields.
    if (typeof e.code === 'string' && out.code === undefined) out.code = e.code;
  }
  if (!isDatabase) return null;
  const stack = typeof (err as ErrorLike).stack === 'string' ? ((err as ErrorLike).stack as string) : '';
  out.frames = stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .map((line) => line.trim());
  out.type = (err as object).constructor?.name ?? 'Error';
  return out;
}

/**
 * Fastify's `frameworkErrors`: the router's own refusals, which never reach the error handler,
 * as `{"detail"}` like every other answer (Fastify's default is `{error, code, message}`).
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send({ detail: 'A value in the URL path is too long' });
  }
  if (err.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send({ detail: 'The URL is not valid: its path is not well-formed percent-encoded UTF-8' });
  }
  const status = err.statusCode ?? 500;
  return reply.status(status).send({ detail: status < 500 ? err.message : 'Internal server error' });
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * One place turns every failure into `{"detail"}` with the right status. Client mistakes are
 * 4xx with a reason; anything unexpected is logged and answered as a bare 500 without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  // A path that exists under other methods is 405 with Allow (RFC 9110), not the router's 404.
  // The not-found route carries root hooks too, so this also covers the SPA's fallback. In
  // preParsing: after the security headers and rate limits (onRequest), before a body is read.
  app.addHook('preParsing', async (request, reply, payload) => {
    if (!request.is404) return payload;
    const path = request.url.split('?')[0] ?? '/';
    const allow = METHODS.filter((method) => method !== request.method && app.findRoute({ method, url: path }));
    if (allow.length === 0) return payload;
    return reply
      .status(405)
      .header('allow', allow.join(', '))
      .send({ detail: `Method ${request.method} is not allowed on ${path}; use ${allow.join(', ')}` });
  });
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
    const db = databaseFailure(err);
    if (isDatabaseUnavailable(err)) {
      // Not the caller's fault and not a bug: retrying later works once the database is back.
      request.log.warn(db ? { db } : { code: (err as { code?: unknown }).code }, 'database (or another backing service) unreachable');
      return reply.status(503).header('retry-after', '5').send({ detail: 'Service temporarily unavailable' });
    }
    if (db) request.log.error({ db }, 'database error');
    else request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error' });
  });
}
