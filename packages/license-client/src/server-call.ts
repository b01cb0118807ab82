/**
 * One call to the licence server, sorted into the three answers the client acts on:
 * - `ok`: a 2xx with the JSON the contract promises;
 * - `refused`: the server said no (a 4xx other than 408/429 carrying the contract's
 *   `{"detail": ...}` body) — the client denies;
 * - `offline`: no usable answer (network error, timeout, 408, 429, 5xx, or a body that is not the
 *   licence server's, such as a captive portal's page) — the client falls back on its lease.
 */
export type ServerAnswer<T> =
  | { kind: 'ok'; status: number; body: T; serverDate: ServerDate | null }
  | {
      kind: 'refused';
      status: number;
      code: string;
      message: string;
      /** The refusal's whole `detail` object (e.g. `starts_at` with NOT_YET_VALID), when one. */
      detail: Record<string, unknown> | null;
      serverDate: ServerDate | null;
    }
  | {
      kind: 'offline';
      status: number | null;
      /** The server's code when a 408/429/5xx carried one (e.g. `DEACTIVATION_LIMIT`). */
      code: string | null;
      message: string;
      retryAfterSeconds: number | null;
    };

/**
 * The server's clock as its answer's `Date` header read it (whole seconds), with this machine's
 * clock when the answer arrived: the two sides of a ServerClock measurement.
 */
export interface ServerDate {
  server: Date;
  local: Date;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ServerCall<T> {
  fetch: FetchLike;
  baseUrl: string;
  path: string;
  method: 'GET' | 'POST';
  body?: unknown;
  timeoutMs: number;
  /** The 2xx body in the contract's shape, or null when it is not. */
  parse: (body: unknown) => T | null;
  /** This machine's clock (tests): stamps `serverDate.local`. */
  now?: () => Date;
}

/** The `Date` header of an answer, or null when missing or not a date. */
function readServerDate(header: string | null, local: Date): ServerDate | null {
  if (!header) return null;
  const at = Date.parse(header);
  if (Number.isNaN(at)) return null;
  // The header has whole seconds (truncated): the server's time lay within the second after it.
  return { server: new Date(at + 500), local };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Retry-After in seconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** `{"detail": {"code", "message"}}`, or `{"detail": "text"}` from input validation. */
function readDetail(
  body: unknown,
): { code: string | null; message: string; fields: Record<string, unknown> | null } | null {
  if (!isRecord(body) || !('detail' in body)) return null;
  const detail = body.detail;
  if (isRecord(detail)) {
    return {
      code: typeof detail.code === 'string' ? detail.code : null,
      message: typeof detail.message === 'string' ? detail.message : '',
      fields: detail,
    };
  }
  if (typeof detail === 'string') return { code: null, message: detail, fields: null };
  return { code: null, message: JSON.stringify(detail), fields: null };
}

export async function callServer<T>(call: ServerCall<T>): Promise<ServerAnswer<T>> {
  const url = `${call.baseUrl}${call.path}`;
  let response: Response;
  try {
    response = await call.fetch(url, {
      method: call.method,
      headers:
        call.body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(call.timeoutMs),
      redirect: 'follow',
    });
  } catch (error) {
    const timedOut =
      error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const cause =
      error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return {
      kind: 'offline',
      status: null,
      code: null,
      message: timedOut
        ? `no answer from ${call.baseUrl} within ${call.timeoutMs} ms`
        : `cannot reach ${call.baseUrl}${cause || (error instanceof Error ? `: ${error.message}` : '')}`,
      retryAfterSeconds: null,
    };
  }

  const serverDate = readServerDate(response.headers.get('date'), (call.now ?? (() => new Date()))());
  const text = await response.text().catch(() => '');
  let body: unknown = undefined;
  try {
    body = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    body = undefined;
  }
  const status = response.status;
  const detail = readDetail(body);

  if (status === 408 || status === 429 || status >= 500) {
    return {
      kind: 'offline',
      status,
      code: detail?.code ?? null,
      message: detail?.message || `the server answered ${status}`,
      retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
    };
  }
  if (status >= 200 && status < 300) {
    const parsed = call.parse(body);
    if (parsed !== null) return { kind: 'ok', status, body: parsed, serverDate };
    return {
      kind: 'offline',
      status,
      code: null,
      message: `unexpected answer from ${url} (not the licence server's)`,
      retryAfterSeconds: null,
    };
  }
  // Too large is an answer about this request, whoever on the way gave it (a proxy's HTML page
  // too): sent again unchanged it fails again, so it is not "offline"; the sender makes it smaller.
  if (status === 413) {
    return {
      kind: 'refused',
      status,
      code: detail?.code ?? 'HTTP_413',
      message: detail?.message || 'the request is too large for the server or a proxy on the way',
      detail: detail?.fields ?? null,
      serverDate,
    };
  }
  if (detail) {
    return {
      kind: 'refused',
      status,
      code: detail.code ?? `HTTP_${status}`,
      message: detail.message || `the server answered ${status}`,
      detail: detail.fields,
      serverDate,
    };
  }
  return {
    kind: 'offline',
    status,
    code: null,
    message: `unexpected ${status} answer from ${url} (not the licence server's)`,
    retryAfterSeconds: null,
  };
}
