import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@lbs/domain/messages';
import { parseOfflineActivationRequest } from '@lbs/domain/offline-activation';
import { isAdminRole } from '@lbs/domain/roles';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { tooManyRequests } from '../../lib/app-error';
import { findLicenseByKeyHash, hashLicenseKey } from './find-license';
import { LicenseRefusal } from './license-refusal';
import type { LicenseRowCache } from './license-row-cache';
import { checkedLicenseRow } from './validate-license';

/**
 * The licence server's limits, per client address and per key. A booth validating every few
 * minutes stays far below them; a loop guessing keys or hammering one key does not. The counts
 * live in the app's rate-limit store (memory, or Redis with REDIS_URL, shared by every process),
 * and the per-key count is kept under the key's hash, never the key.
 */
export const LICENSE_RATE_LIMITS = {
  /** activate, validate and deactivate together, per address. */
  callsPerAddress: { max: 30, timeWindow: 60_000 },
  /**
   * activate, validate, deactivate and offline activation together, per key and device: the
   * device the licence is bound to has this allowance of its own; every other device id (and any
   * device while no device is bound) shares one (callsKeyOf).
   */
  callsPerKey: { max: 30, timeWindow: 10 * 60_000 },
  /** Usage reports per address. */
  usagePerAddress: { max: 120, timeWindow: 60_000 },
  /** Usage reports per key. */
  usagePerKey: { max: 120, timeWindow: 10 * 60_000 },
  /** JWKS fetches per address (the answer is cacheable). */
  jwksPerAddress: { max: 60, timeWindow: 60_000 },
} as const;

/**
 * Offline activations per signed-in user (the account area's route, and the admin's): a phone
 * answering the booths of one event needs a handful; a loop trying fingerprints does not get far.
 * Counted after the route's guard, so by user rather than session or address.
 */
export const OFFLINE_ACTIVATIONS_PER_USER = {
  max: 30,
  timeWindow: 3600_000,
  keyGenerator: (req: FastifyRequest) => `offline-activations:${req.user?.id ?? `ip:${req.ip}`}`,
} as const;

type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
/** Counts a request; answers the seconds to wait when it is over the limit, else null. */
type Counter = (req: FastifyRequest) => Promise<number | null>;

/**
 * Counts each request under `bucket` and the key `keyOf` gives (a request it gives none for is
 * not counted). @fastify/rate-limit's limiter is used directly, rather than a route's
 * `config.rateLimit`, because these routes are counted twice (address and key) and the key is
 * only known once the body is parsed.
 */
function counter(
  app: FastifyInstance,
  bucket: string,
  limit: { max: number; timeWindow: number },
  keyOf: (req: FastifyRequest) => string | null | Promise<string | null>,
): Counter {
  // The key of the request being counted, worked out once (an offline request is parsed for it).
  const keys = new WeakMap<FastifyRequest, string>();
  // Made at the first request: the guard test registers admin routes in a bare Fastify instance.
  let check: ReturnType<FastifyInstance['createRateLimit']> | undefined;
  return async (req) => {
    const key = await keyOf(req);
    if (key === null) return null;
    keys.set(req, key);
    check ??= app.createRateLimit({ ...limit, keyGenerator: (r) => `license:${bucket}:${keys.get(r)}` });
    const result = await check(req);
    if (result.isAllowed || !result.isExceeded) return null;
    return Math.max(1, result.ttlInSeconds);
  };
}

/** The desktop program's refusal: 429 RATE_LIMITED with Retry-After (routes.ts writes the header). */
const refusingAsLicenseServer =
  (count: Counter): Hook =>
  async (req) => {
    const wait = await count(req);
    if (wait !== null) throw new LicenseRefusal('RATE_LIMITED', { retryAfterSeconds: wait });
  };

/**
 * The key hash of a licence server call (`license_key`) or of an offline activation request
 * (`request`, which names its key by fingerprint): one count per key, whichever way it is used.
 * A request that does not parse names no key; its route answers 400.
 */
function keyHashOf(req: FastifyRequest): string | null {
  return callOf(req)?.keyHash ?? null;
}

/** The key hash and device id a call names (an offline activation request names both inside). */
function callOf(req: FastifyRequest): { keyHash: string; deviceId: string | null } | null {
  const body = req.body as { license_key?: string; device_id?: unknown; request?: string } | undefined;
  if (typeof body?.license_key === 'string') {
    return { keyHash: hashLicenseKey(body.license_key), deviceId: typeof body.device_id === 'string' ? body.device_id : null };
  }
  if (typeof body?.request !== 'string') return null;
  const parsed = parseOfflineActivationRequest(body.request);
  return parsed.ok ? { keyHash: parsed.keyHash, deviceId: parsed.request.dev } : null;
}

/**
 * The per-key count of a call: (key, the bound device id) for a call from the device the licence
 * is bound to, (key, any other device) for every other call. Someone holding a leaked key alone
 * can use up the other devices' allowance, never the seat's own device's: its validations go on.
 * (Someone who also knows the bound device id, say from a photographed offline request QR, can
 * count as that device; the per-address limit still holds them.) An unknown key, or a licence
 * with no device, is counted under (key, any other device). The row comes from validation's row
 * cache, so a booth's check costs no extra query.
 */
async function callsKeyOf(db: Db, rows: LicenseRowCache, req: FastifyRequest): Promise<string | null> {
  const call = callOf(req);
  if (call === null) return null;
  const bound = call.deviceId === null ? undefined : (await checkedLicenseRow(db, rows, call.keyHash))?.deviceId;
  const seat = bound != null && bound === call.deviceId ? `device:${hashLicenseKey(bound).slice(0, 32)}` : 'others';
  return `${call.keyHash}:${seat}`;
}

// One set per app: the customer's and the admin's offline activation routes are registered in
// other plugins than the licence server's, and each limiter keeps its own count in the memory
// store, so they must share the very limiter for a key's calls to be counted together.
const limitersOf = new WeakMap<AppContext, ReturnType<typeof createLimiters>>();

function createLimiters(app: FastifyInstance, db: Db, rows: LicenseRowCache) {
  const L = LICENSE_RATE_LIMITS;
  const callsPerKey = counter(app, 'calls-key', L.callsPerKey, (req) => callsKeyOf(db, rows, req));
  return {
    callsByAddress: refusingAsLicenseServer(counter(app, 'calls-ip', L.callsPerAddress, (req) => req.ip)),
    callsByKey: refusingAsLicenseServer(callsPerKey),
    usageByAddress: refusingAsLicenseServer(counter(app, 'usage-ip', L.usagePerAddress, (req) => req.ip)),
    usageByKey: refusingAsLicenseServer(counter(app, 'usage-key', L.usagePerKey, (req) => hashLicenseKey((req.body as { license_key: string }).license_key))),
    jwksByAddress: refusingAsLicenseServer(counter(app, 'jwks-ip', L.jwksPerAddress, (req) => req.ip)),
    /**
     * The account area's offline activation, counted with the key's licence server calls, but only
     * for a key the caller may activate (their own; any, for an admin): a fingerprint photographed
     * from a booth's QR must not let a stranger use up the booth's calls. A stranger's attempts
     * are held back by the route's per-user limit. The refusal is the account area's
     * `{"detail": "<sentence>"}`, with Retry-After.
     */
    offlineActivationsByKey: (async (req, reply) => {
      const keyHash = keyHashOf(req);
      if (keyHash === null) return;
      if (!isAdminRole(req.user.role) && !(await findLicenseByKeyHash(db, keyHash, { ownerId: req.user.id }))) return;
      const wait = await callsPerKey(req);
      if (wait === null) return;
      reply.header('retry-after', String(wait));
      throw tooManyRequests(MSG.offlineKeyRateLimited);
    }) as Hook,
  };
}

/** onRequest hooks (per address, before the body is read) and preHandler hooks (per key). */
export function licenseRateLimiters(app: FastifyInstance, ctx: AppContext) {
  let limiters = limitersOf.get(ctx);
  if (!limiters) limitersOf.set(ctx, (limiters = createLimiters(app, ctx.db, ctx.licenseRows)));
  return limiters;
}
