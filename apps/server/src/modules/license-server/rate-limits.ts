import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashLicenseKey } from './find-license';
import { LicenseRefusal } from './license-refusal';

/**
 * The licence server's limits, per client address and per key. A booth validating every few
 * minutes stays far below them; a loop guessing keys or hammering one key does not. The counts
 * live in the app's rate-limit store (memory, or Redis with REDIS_URL, shared by every process),
 * and the per-key count is kept under the key's hash, never the key.
 */
export const LICENSE_RATE_LIMITS = {
  /** activate, validate and deactivate together, per address. */
  callsPerAddress: { max: 30, timeWindow: 60_000 },
  /** activate, validate and deactivate together, per key. */
  callsPerKey: { max: 30, timeWindow: 10 * 60_000 },
  /** Usage reports per address. */
  usagePerAddress: { max: 120, timeWindow: 60_000 },
  /** Usage reports per key. */
  usagePerKey: { max: 120, timeWindow: 10 * 60_000 },
  /** JWKS fetches per address (the answer is cacheable). */
  jwksPerAddress: { max: 60, timeWindow: 60_000 },
} as const;

type Hook = (req: FastifyRequest) => Promise<void>;

/**
 * A hook counting each request under `bucket` and the key `keyOf` gives; over the limit it
 * answers 429 RATE_LIMITED with Retry-After. @fastify/rate-limit's limiter is used directly,
 * rather than a route's `config.rateLimit`, because these routes are counted twice (address and
 * key) and the key is only known once the body is parsed.
 */
function limiter(app: FastifyInstance, bucket: string, limit: { max: number; timeWindow: number }, keyOf: (req: FastifyRequest) => string): Hook {
  const check = app.createRateLimit({ ...limit, keyGenerator: (req) => `license:${bucket}:${keyOf(req)}` });
  return async (req) => {
    const result = await check(req);
    if (result.isAllowed) return;
    if (result.isExceeded) throw new LicenseRefusal('RATE_LIMITED', { retryAfterSeconds: Math.max(1, result.ttlInSeconds) });
  };
}

const keyHashOf = (req: FastifyRequest) => hashLicenseKey((req.body as { license_key: string }).license_key);

/** onRequest hooks (per address, before the body is read) and preHandler hooks (per key). */
export function licenseRateLimiters(app: FastifyInstance) {
  const L = LICENSE_RATE_LIMITS;
  return {
    callsByAddress: limiter(app, 'calls-ip', L.callsPerAddress, (req) => req.ip),
    callsByKey: limiter(app, 'calls-key', L.callsPerKey, keyHashOf),
    usageByAddress: limiter(app, 'usage-ip', L.usagePerAddress, (req) => req.ip),
    usageByKey: limiter(app, 'usage-key', L.usagePerKey, keyHashOf),
    jwksByAddress: limiter(app, 'jwks-ip', L.jwksPerAddress, (req) => req.ip),
  };
}
