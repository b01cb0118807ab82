/**
 * The licence server's contract with the desktop program (DESIGN §6): request bodies, answers,
 * codes, the lease's claims and the limits both sides must know. The server validates with these
 * schemas and answers with them; docs/license-api.md describes the same protocol in prose.
 */
import { z } from 'zod';

import { normaliseLicenseKey } from './license-terms';
import { MSG } from './messages';
import { LICENSE_TYPES } from './responses';
import { safeString } from './schemas';

// ---------------------------------------------------------------------------------------------
// Codes

/** What a validation answers: VALID, or why the licence cannot be used on this device. */
export const LICENSE_VALIDATION_CODES = [
  'VALID',
  'NOT_FOUND',
  'EXPIRED',
  'REVOKED',
  'NOT_ACTIVATED',
  'DEVICE_MISMATCH',
] as const;
export type LicenseValidationCode = (typeof LICENSE_VALIDATION_CODES)[number];

/** Every code a refusal (`{"detail": {code, message}}`) can carry. */
export const LICENSE_ERROR_CODES = [
  'NOT_FOUND',
  'EXPIRED',
  'REVOKED',
  'NOT_ACTIVATED',
  'DEVICE_MISMATCH',
  'DEVICE_LIMIT_REACHED',
  'DEACTIVATION_LIMIT',
  'RATE_LIMITED',
] as const;
export type LicenseErrorCode = (typeof LICENSE_ERROR_CODES)[number];

export type LicenseCode = LicenseValidationCode | LicenseErrorCode;

/** The sentence that goes with each code (`detail` of a validation, `message` of a refusal). */
export const LICENSE_CODE_MESSAGES: Record<LicenseCode, string> = Object.freeze({
  VALID: MSG.licenseValid,
  NOT_FOUND: MSG.invalidLicenseKey,
  EXPIRED: MSG.licenseExpired,
  REVOKED: MSG.licenseRevoked,
  NOT_ACTIVATED: MSG.licenseNotActivated,
  DEVICE_MISMATCH: MSG.licenseDeviceMismatch,
  DEVICE_LIMIT_REACHED: MSG.licenseInUseOnAnotherDevice,
  DEACTIVATION_LIMIT: MSG.licenseDeactivationLimit,
  RATE_LIMITED: MSG.tooManyRequests,
});

// ---------------------------------------------------------------------------------------------
// Limits

// Deactivations per licence: DEACTIVATIONS_PER_WINDOW in license-terms.ts.

/** Events per usage report. */
export const USAGE_BATCH_MAX = 100;
/** Events older than this are refused (the client drops them). */
export const USAGE_MAX_AGE_DAYS = 30;
export const USAGE_MAX_AGE_MS = USAGE_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;
/** Clock skew tolerated for an event stamped in the future. */
export const USAGE_MAX_AHEAD_MINUTES = 5;
export const USAGE_MAX_AHEAD_MS = USAGE_MAX_AHEAD_MINUTES * 60 * 1000;

/** Default lease lifetime (LEASE_TTL_HOURS), capped by the licence's own expiry. */
export const DEFAULT_LEASE_TTL_HOURS = 72;

// ---------------------------------------------------------------------------------------------
// Requests

/** A licence key as typed or pasted; canonicalised (upper case, look-alikes, hyphens). */
const ZLicenseKey = safeString()
  .trim()
  .min(1, { error: MSG.invalidLicenseKey, abort: true })
  .max(64, { error: MSG.invalidLicenseKey, abort: true })
  .overwrite((key) => normaliseLicenseKey(key) ?? key);

/** The desktop program's stable id of the machine it runs on. */
const ZDeviceId = safeString().trim().min(1).max(200);

const ZDeviceName = safeString().trim().max(100).nullish();
const ZAppVersion = safeString().trim().max(50).nullish();

export const ZLicenseActivateBody = z.object({
  license_key: ZLicenseKey,
  device_id: ZDeviceId,
  /** Shown to the customer and the admins beside the device id ("Booth PC, Marina Bay"). */
  device_name: ZDeviceName,
  app_version: ZAppVersion,
});
export type TLicenseActivateBody = z.infer<typeof ZLicenseActivateBody>;

export const ZLicenseValidateBody = z.object({
  license_key: ZLicenseKey,
  device_id: ZDeviceId,
  /** Optional: recorded with the validation time and the client address. */
  app_version: ZAppVersion,
});
export type TLicenseValidateBody = z.infer<typeof ZLicenseValidateBody>;

export const ZLicenseDeactivateBody = z.object({ license_key: ZLicenseKey, device_id: ZDeviceId });
export type TLicenseDeactivateBody = z.infer<typeof ZLicenseDeactivateBody>;

export const USAGE_EVENT_KINDS = ['success', 'error'] as const;

/** One processed file (or failure), as the desktop program queued it. */
export const ZUsageEvent = z.object({
  /** The client's id for the event (a UUID): a retried report counts it once. */
  event_id: safeString().trim().min(1).max(100),
  kind: z.enum(USAGE_EVENT_KINDS),
  /** When it happened, ISO 8601 with a zone ('2025-06-30T12:00:00Z'). */
  timestamp: z.iso.datetime({ offset: true }),
  filename: safeString().trim().max(255).nullish(),
  file_type: safeString().trim().min(1).max(50),
  /** Seconds. */
  processing_time: z.number().min(0).max(86400).nullish(),
  error_message: safeString().trim().max(2000).nullish(),
});
export type TUsageEvent = z.infer<typeof ZUsageEvent>;

export const ZUsageReportBody = z.object({
  license_key: ZLicenseKey,
  device_id: ZDeviceId,
  events: z.array(ZUsageEvent).min(1).max(USAGE_BATCH_MAX),
});
export type TUsageReportBody = z.infer<typeof ZUsageReportBody>;

// ---------------------------------------------------------------------------------------------
// Answers

const ZInstant = z.iso.datetime();

/** The licence as the desktop program sees it. */
const ZLicenseServerLicense = z.object({
  id: z.string(),
  type: z.enum(LICENSE_TYPES),
  starts_at: ZInstant,
  /** Null: never expires. */
  expires_at: ZInstant.nullable(),
  /** The device it is activated on; null when none. */
  device_id: z.string().nullable(),
});
export type TLicenseServerLicense = z.infer<typeof ZLicenseServerLicense>;

export const ZLicenseActivated = z.object({
  valid: z.literal(true),
  code: z.literal('VALID'),
  license: ZLicenseServerLicense,
  /** A compact JWS (see TLeaseClaims). */
  lease: z.string(),
});
export type TLicenseActivated = z.infer<typeof ZLicenseActivated>;

export const ZLicenseValidation = z.object({
  valid: z.boolean(),
  code: z.enum(LICENSE_VALIDATION_CODES),
  detail: z.string(),
  /** Absent for an unknown key and for another device. */
  license: ZLicenseServerLicense.optional(),
  /** Only when valid. */
  lease: z.string().optional(),
});
export type TLicenseValidation = z.infer<typeof ZLicenseValidation>;

export const ZLicenseDeactivated = z.object({ deactivated: z.literal(true) });
export type TLicenseDeactivated = z.infer<typeof ZLicenseDeactivated>;

const ZLeaseJwk = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  kid: z.string(),
  alg: z.literal('EdDSA'),
  use: z.literal('sig'),
});
export type TLeaseJwk = z.infer<typeof ZLeaseJwk>;

export const ZJwks = z.object({ keys: z.array(ZLeaseJwk) });
export type TJwks = z.infer<typeof ZJwks>;

export const ZUsageAccepted = z.object({
  /** Events stored by this report. */
  accepted: z.number().int().nonnegative(),
  /** Events already stored by an earlier report (or twice in this one), not counted again. */
  duplicates: z.number().int().nonnegative(),
});
export type TUsageAccepted = z.infer<typeof ZUsageAccepted>;

/** A refusal: 403, 404, 409 or 429 with the code the client acts on. */
export const ZLicenseRefusal = z.object({
  detail: z.object({ code: z.enum(LICENSE_ERROR_CODES), message: z.string() }),
});

// ---------------------------------------------------------------------------------------------
// The lease

export const LEASE_ALG = 'EdDSA';
export const LEASE_TYP = 'lease+jwt';

/** Claims of a lease: a compact JWS with header {alg: 'EdDSA', kid, typ: 'lease+jwt'}. */
export interface TLeaseClaims {
  /** The server's PUBLIC_URL. */
  iss: string;
  /** The licence id. */
  sub: string;
  /** The licence type. */
  typ: TLicenseServerLicense['type'];
  /** The device id it was issued to. */
  dev: string;
  /** Seconds since the epoch. */
  iat: number;
  /** min(licence expiry, iat + LEASE_TTL_HOURS), seconds. */
  exp: number;
  /** The licence's expiry in seconds, or null when it never expires. */
  lic_exp: number | null;
}
