/**
 * The booth's half of offline activation (DESIGN §6.1, issue 20): the request it shows as text
 * and QR, and the answer it reads back. The texts' prefixes and the request's claims are
 * @lbs/license-protocol's, shared with the shop's parser (packages/domain/src/offline-activation.ts)
 * and carried inline in this package's bundle; offline-request.test.ts parses what this writes
 * with the shop's parser.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  OFFLINE_ANSWER_PREFIX,
  OFFLINE_REQUEST_NONCE_BYTES,
  OFFLINE_REQUEST_PREFIX,
  type OfflineRequestClaims,
} from '@lbs/license-protocol/offline-request';
import { base64url } from 'jose';
import { isRecord } from './server-call';

/** The key's fingerprint: what the request carries instead of the key (a QR can be photographed). */
export function keyFingerprint(canonicalKey: string): string {
  return base64url.encode(createHash('sha256').update(canonicalKey, 'utf8').digest());
}

export function newNonce(): string {
  return base64url.encode(randomBytes(OFFLINE_REQUEST_NONCE_BYTES));
}

/** `lboa1-req.` + base64url of the JSON: the text the booth shows, and its QR's payload. */
export function encodeOfflineRequest(claims: OfflineRequestClaims): string {
  return OFFLINE_REQUEST_PREFIX + base64url.encode(JSON.stringify(claims));
}

/** A device name or program version as the server takes it: one line, trimmed, not too long. */
export function requestText(
  value: string | undefined,
  max: number,
  what: string,
): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  // eslint-disable-next-line no-control-regex -- the very characters the server refuses
  if (/[\u0000-\u001f\u007f-\u009f]/.test(text))
    throw new TypeError(`${what} must not contain control characters`);
  if (text.length > max) throw new TypeError(`${what} must be at most ${max} characters`);
  return text;
}

/**
 * The lease inside an answer's text (a scanned QR, a paste, a file): whitespace anywhere is
 * dropped (a line-wrapped paste), the prefix is required. `request` when the text is a request
 * (the booth's own, read back by mistake).
 */
export function readOfflineAnswer(
  text: string,
): { ok: true; lease: string } | { ok: false; problem: 'request' | 'not-an-answer' } {
  const compact = text.replace(/\s+/g, '');
  const lower = compact.toLowerCase();
  if (lower.startsWith(OFFLINE_REQUEST_PREFIX)) return { ok: false, problem: 'request' };
  if (!lower.startsWith(OFFLINE_ANSWER_PREFIX)) return { ok: false, problem: 'not-an-answer' };
  const lease = compact.slice(OFFLINE_ANSWER_PREFIX.length);
  if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(lease))
    return { ok: false, problem: 'not-an-answer' };
  return { ok: true, lease };
}

/** The pending request as kept in offline-request.json (with the key: the file is owner-only). */
export interface StoredOfflineRequest {
  version: 1;
  /** The server it is meant for (the lease's issuer); the CLI reads it back for offline-accept. */
  server: string;
  /** The canonical key, stored once the answer is accepted as license.json's. */
  license_key: string;
  request: OfflineRequestClaims;
  text: string;
  created_at: string;
}

export function readStoredOfflineRequest(value: unknown): StoredOfflineRequest | null {
  if (!isRecord(value) || value.version !== 1 || !isRecord(value.request)) return null;
  const r = value.request;
  if (
    typeof value.server !== 'string' ||
    typeof value.license_key !== 'string' ||
    typeof value.text !== 'string' ||
    r.v !== 1 ||
    typeof r.kf !== 'string' ||
    typeof r.dev !== 'string' ||
    typeof r.n !== 'string' ||
    typeof r.iat !== 'number' ||
    typeof r.exp !== 'number'
  )
    return null;
  return {
    version: 1,
    server: value.server,
    license_key: value.license_key,
    request: {
      v: 1,
      kf: r.kf,
      dev: r.dev,
      ...(typeof r.dn === 'string' ? { dn: r.dn } : {}),
      ...(typeof r.av === 'string' ? { av: r.av } : {}),
      n: r.n,
      iat: r.iat,
      exp: r.exp,
    },
    text: value.text,
    created_at: typeof value.created_at === 'string' ? value.created_at : '',
  };
}
