/**
 * Offline activation (DESIGN §6.1, issue 20): a booth with no internet shows an activation
 * request (text and QR); its operator, signed in to the account area on a phone, submits it and
 * gets an answer (text and QR) the booth reads back. The request never carries the key: only a
 * fingerprint of it, since a QR on a screen at a venue can be photographed. The answer is an
 * ordinary lease for the device with two more claims, `nonce` and `kfp`, which bind it to that
 * request. docs/license-api.md describes the same format for programs not written in TypeScript.
 *
 * The texts' prefixes, the request's lifetime and its claims are @lbs/license-protocol's
 * (offline-request.ts), which the booth's client writes with; this is the shop's side: reading a
 * request, and the account area's call.
 */
import {
  OFFLINE_ANSWER_PREFIX,
  OFFLINE_REQUEST_NONCE_BYTES,
  OFFLINE_REQUEST_PREFIX,
  OFFLINE_REQUEST_TTL_SECONDS,
  type OfflineRequestClaims,
} from '@lbs/license-protocol/offline-request';
import { z } from 'zod';

import { ZDeviceId, ZDeviceName } from './license-server';
import { safeString } from './schemas';

export {
  OFFLINE_ANSWER_PREFIX,
  OFFLINE_REQUEST_PREFIX,
  OFFLINE_REQUEST_TTL_SECONDS,
} from '@lbs/license-protocol/offline-request';

/**
 * How far the booth's clock may be off when the server checks a request's expiry: a booth never
 * online has only its own clock, and a paying booth must not be locked out by it.
 */
export const OFFLINE_REQUEST_CLOCK_TOLERANCE_SECONDS = 60 * 60;
/** The longest request text accepted (a 200-character device id and a 100-character name fit). */
export const OFFLINE_REQUEST_MAX_CHARS = 2000;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

// Globals of Node (16+) and every browser; the domain package compiles without the DOM library.
declare const atob: (data: string) => string;
declare const TextDecoder: new (label: string, options: { fatal: boolean }) => { decode(bytes: Uint8Array): string };

/** The JSON inside a request's text (the protocol's OfflineRequestClaims). */
export type TOfflineActivationRequest = OfflineRequestClaims;

/** Base64url characters of the smallest nonce a booth may send. */
const NONCE_MIN_CHARS = Math.ceil((OFFLINE_REQUEST_NONCE_BYTES * 8) / 6);

const ZOfflineActivationRequestJson = z
  .object({
    v: z.literal(1),
    kf: z.string().length(43).regex(BASE64URL),
    dev: ZDeviceId,
    dn: ZDeviceName,
    av: safeString().trim().max(50).nullish(),
    n: z.string().min(NONCE_MIN_CHARS).max(64).regex(BASE64URL),
    iat: z.number().int().positive(),
    exp: z.number().int().positive(),
  })
  .refine((r) => r.exp > r.iat && r.exp - r.iat <= OFFLINE_REQUEST_TTL_SECONDS + 300, {
    error: 'the request must expire within 24 hours of being made',
  });

// The schema reads every claim the protocol names and no other: a claim added there fails here.
type SchemaClaims = keyof z.input<typeof ZOfflineActivationRequestJson>;
const _schemaReadsEveryClaim: [SchemaClaims, keyof OfflineRequestClaims] extends [keyof OfflineRequestClaims, SchemaClaims] ? true : never = true;

/** Why a text is not a request this server can answer; shown to the operator. */
export const OFFLINE_REQUEST_PROBLEMS = {
  notARequest: 'This is not a LentiBooth activation request. Scan the QR code the booth shows, or paste its text.',
  // The answer read back by mistake (its QR is on the same screen): it is not foreign, it is the other half.
  isAnswer: 'This is the answer: show it to the booth. Here, read the request the booth shows.',
  damaged: 'This activation request is damaged. Scan it again, or paste its whole text.',
  expired: 'This activation request has expired. Make a new one on the booth (and check its clock: a booth whose clock is behind makes requests that look expired).',
} as const;

export type ParsedOfflineRequest =
  | { ok: true; request: TOfflineActivationRequest; keyHash: string }
  | { ok: false; problem: keyof typeof OFFLINE_REQUEST_PROBLEMS };

/** Base64url (no padding) of bytes, and back: runs in Node and in browsers alike. */
function base64urlToBytes(text: string): Uint8Array | null {
  if (!BASE64URL.test(text)) return null;
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  try {
    const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    return Uint8Array.from(binary, (c: string) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The hex SHA-256 a key fingerprint stands for: licenses.key_hash of the same key. */
export function keyHashOfFingerprint(kf: string): string | null {
  const bytes = base64urlToBytes(kf);
  if (!bytes || bytes.length !== 32) return null;
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Reads a request's text (a scanned QR or a paste). Checks its form only; whether it has expired
 * is the caller's to say (isOfflineRequestExpired), against the server's clock.
 */
export function parseOfflineActivationRequest(text: string): ParsedOfflineRequest {
  const compact = text.replace(/\s+/g, '');
  if (compact.toLowerCase().startsWith(OFFLINE_ANSWER_PREFIX)) return { ok: false, problem: 'isAnswer' };
  if (compact.length > OFFLINE_REQUEST_MAX_CHARS || !compact.toLowerCase().startsWith(OFFLINE_REQUEST_PREFIX))
    return { ok: false, problem: 'notARequest' };
  const bytes = base64urlToBytes(compact.slice(OFFLINE_REQUEST_PREFIX.length));
  if (!bytes) return { ok: false, problem: 'damaged' };
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, problem: 'damaged' };
  }
  const parsed = ZOfflineActivationRequestJson.safeParse(json);
  if (!parsed.success) return { ok: false, problem: 'damaged' };
  const keyHash = keyHashOfFingerprint(parsed.data.kf);
  if (!keyHash) return { ok: false, problem: 'damaged' };
  const { dn, av, ...rest } = parsed.data;
  const request: TOfflineActivationRequest = { ...rest, ...(dn ? { dn } : {}), ...(av ? { av } : {}) };
  return { ok: true, request, keyHash };
}

/** Whether the request's 24 hours are over at `now`, allowing for the booth's clock being off. */
export function isOfflineRequestExpired(request: Pick<TOfflineActivationRequest, 'exp'>, now: Date): boolean {
  return request.exp + OFFLINE_REQUEST_CLOCK_TOLERANCE_SECONDS < Math.floor(now.getTime() / 1000);
}

// ---------------------------------------------------------------------------------------------
// The account area's call

/**
 * `POST /api/licenses/offline-activations` (the key's owner) and
 * `POST /api/admin/licenses/offline-activations` (an admin, any key): the request's text.
 */
export const ZOfflineActivationBody = z.object({
  request: safeString().max(OFFLINE_REQUEST_MAX_CHARS * 2),
});
export type TOfflineActivationBody = z.infer<typeof ZOfflineActivationBody>;

/** The answer the operator shows the booth, and what it activated. */
export const ZOfflineActivationAnswer = z.object({
  /** `lboa1-ans.<lease>`: the text and the QR payload for the booth. */
  answer: z.string(),
  license: z.object({
    id: z.string(),
    type: z.enum(['day', 'month', 'year', 'onetime', 'custom']),
    /** The key's last group, to tell the operator which key it was ("…4567"). */
    key_suffix: z.string(),
    starts_at: z.iso.datetime(),
    expires_at: z.iso.datetime().nullable(),
  }),
  device_id: z.string(),
  device_name: z.string().nullable(),
  /** When the lease ends: the booth runs offline until then, or validates online before. */
  lease_expires_at: z.iso.datetime(),
  /** When the booth's request expires: the answer must be read back before. */
  request_expires_at: z.iso.datetime(),
});
export type TOfflineActivationAnswer = z.infer<typeof ZOfflineActivationAnswer>;
