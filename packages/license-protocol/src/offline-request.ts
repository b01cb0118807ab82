/**
 * Offline activation's texts: what the booth writes and the shop reads (the request), and back
 * (the answer). The booth's side is packages/license-client/src/offline-request.ts, the shop's
 * packages/domain/src/offline-activation.ts; docs/license-api.md describes the same format for
 * programs not written in TypeScript.
 *
 * Request text:  `lboa1-req.` + base64url(UTF-8 JSON of OfflineRequestClaims), no padding.
 * Answer text:   `lboa1-ans.` + the lease (a compact JWS, header typ `lease+jwt`).
 * Whitespace anywhere in either (a line-wrapped paste) is ignored.
 */

export const OFFLINE_REQUEST_PREFIX = 'lboa1-req.';
export const OFFLINE_ANSWER_PREFIX = 'lboa1-ans.';
/** A request is good for this long after the booth made it. */
export const OFFLINE_REQUEST_TTL_SECONDS = 24 * 3600;
/** Random bytes in a request's nonce `n`: 22 characters of base64url. */
export const OFFLINE_REQUEST_NONCE_BYTES = 16;

/** The JSON inside a request's text. Short names keep the QR small. */
export interface OfflineRequestClaims {
  /** Format version: 1. */
  v: 1;
  /** Key fingerprint: base64url (no padding) of SHA-256 over the canonical key's UTF-8 bytes (43 characters). */
  kf: string;
  /** The device id, as the booth sends it online. */
  dev: string;
  /** The device name (optional). */
  dn?: string;
  /** The program version (optional). */
  av?: string;
  /**
   * OFFLINE_REQUEST_NONCE_BYTES (or more) random bytes, base64url (22+ characters): the answer
   * must carry it back as its `nonce` claim.
   */
  n: string;
  /** When the booth made the request, seconds since the epoch (its clock, corrected if it can). */
  iat: number;
  /** iat + OFFLINE_REQUEST_TTL_SECONDS. */
  exp: number;
}
