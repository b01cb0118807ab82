// Drivers wrap the server's error (drizzle's "Failed query" around pg's or PGlite's
// DatabaseError), so each test looks down the cause chain, a few levels at most.
const MAX_CAUSE_DEPTH = 5;

type Cause = { code?: unknown; message?: unknown; cause?: unknown };

/** True when `test` holds for the error or one of the errors it wraps. */
function someCause(err: unknown, test: (e: Cause) => boolean): boolean {
  for (let e: unknown = err, depth = 0; e && depth < MAX_CAUSE_DEPTH; e = (e as Cause).cause, depth++) {
    if (test(e as Cause)) return true;
  }
  return false;
}

/** True for a unique-constraint violation (Postgres 23505), whichever driver raised it. */
export function isUniqueViolation(err: unknown): boolean {
  return someCause(err, (e) => e.code === '23505');
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
  return someCause(err, (e) => {
    const code = e.code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^(08|53)/.test(code) || /^57P0[1-3]$/.test(code))) return true;
    const message = e.message;
    return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message));
  });
}

/** PostgreSQL refused text the client sent: 22021 (NUL, invalid UTF-8), 22P05 (untranslatable). */
export function isUnstorableText(err: unknown): boolean {
  return someCause(err, (e) => e.code === '22021' || e.code === '22P05');
}
