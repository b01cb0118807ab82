/**
 * The licence server's contract with the desktop program (DESIGN §6): request bodies, answers,
 * codes, the lease's claims and the limits both sides must know. The server validates with these
 * schemas and answers with them; docs/license-api.md describes the same protocol in prose.
 */
import { hasInvisibleCharacters, withoutInvisibleCharacters } from '@lbs/license-protocol/device-text';
import { LEASE_CLOCK_TOLERANCE_MS } from '@lbs/license-protocol/lease-time';
import { canonicalLicenseKey } from '@lbs/license-protocol/license-key';
import { cutErrorMessage } from '@lbs/license-protocol/usage-event';
import { z } from 'zod';

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
  'SUSPENDED',
  'NOT_YET_VALID',
  'NOT_ACTIVATED',
  'DEVICE_MISMATCH',
] as const;
export type LicenseValidationCode = (typeof LICENSE_VALIDATION_CODES)[number];

/** Every code a refusal (`{"detail": {code, message}}`) can carry. */
export const LICENSE_ERROR_CODES = [
  'NOT_FOUND',
  'EXPIRED',
  'REVOKED',
  'SUSPENDED',
  'NOT_YET_VALID',
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
  SUSPENDED: MSG.licenseSuspended,
  NOT_YET_VALID: MSG.licenseNotYetValid,
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
/**
 * Bytes of a usage report's JSON body the server takes (the route's body limit; more is 413).
 * Clients cut batches by this as well as by count: 100 events with 2,000-character messages
 * need more.
 */
export const USAGE_REPORT_MAX_BYTES = 256 * 1024;
/** Events older than this are refused (the client drops them). */
export const USAGE_MAX_AGE_DAYS = 30;
export const USAGE_MAX_AGE_MS = USAGE_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;
/** Clock skew tolerated for an event stamped in the future (after the client's own correction). */
export const USAGE_MAX_AHEAD_MINUTES = 5;
export const USAGE_MAX_AHEAD_MS = USAGE_MAX_AHEAD_MINUTES * 60 * 1000;
/**
 * An event belongs to the licence's term. Past the term's natural end (its expiry) with the
 * client's lease tolerance (@lbs/license-protocol, 1 hour): the client lets a booth work that long
 * on its lease, so the server stores what it did then.
 */
export { LEASE_CLOCK_TOLERANCE_MS };
export const USAGE_TERM_END_TOLERANCE_MS = LEASE_CLOCK_TOLERANCE_MS;
/**
 * Before the term's start, and after a revocation, a suspension or the device being freed, only
 * this much: what is left of a booth's clock error after the client's correction.
 */
export const USAGE_CLOCK_TOLERANCE_MINUTES = 15;
export const USAGE_CLOCK_TOLERANCE_MS = USAGE_CLOCK_TOLERANCE_MINUTES * 60 * 1000;

/**
 * Why one event of a report is refused. TOO_OLD, OUTSIDE_TERM and INVALID (a field the server can
 * never store: a bad kind, timestamp, file type...) are final; AHEAD may be sent again later.
 */
export const USAGE_EVENT_REFUSALS = ['TOO_OLD', 'OUTSIDE_TERM', 'AHEAD', 'INVALID'] as const;
export type UsageEventRefusal = (typeof USAGE_EVENT_REFUSALS)[number];

/**
 * Offline allowance per plan (DESIGN §6.1): a lease lasts until the earlier of the licence's end
 * and its issue time plus this. Daily: the whole pass. Configurable (OFFLINE_ALLOWANCE_*_HOURS).
 */
export type LicenseServerType = (typeof LICENSE_TYPES)[number];
export const DEFAULT_OFFLINE_ALLOWANCE_HOURS: Readonly<Record<LicenseServerType, number>> = Object.freeze({
  day: 24,
  month: 7 * 24,
  year: 14 * 24,
  onetime: 7 * 24,
  custom: 7 * 24,
});

/** The client's tolerance for clock differences when checking a lease's nbf/exp and the clock's rollback. */
export const CLIENT_CLOCK_TOLERANCE_MINUTES = LEASE_CLOCK_TOLERANCE_MS / 60_000;

// ---------------------------------------------------------------------------------------------
// Requests

/**
 * A licence key as typed or pasted; canonicalised (upper case, look-alikes, hyphens) by the one
 * function the desktop client canonicalises a key with (@lbs/license-protocol).
 */
const ZLicenseKey = safeString()
  .trim()
  .min(1, { error: MSG.invalidLicenseKey, abort: true })
  .max(64, { error: MSG.invalidLicenseKey, abort: true })
  .overwrite(canonicalLicenseKey);

// C0 and C1 control characters and DEL: a device id or name is one line of printable text.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
export const noControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);

/**
 * The desktop program's stable id of the machine it runs on. Taken as sent, never trimmed: an id
 * with spaces around it is refused, not silently turned into another id; so is one with a
 * bidirectional control or a zero-width character (@lbs/license-protocol/device-text), which
 * would make two ids that look alike differ, or an id read backwards on an admin's screen.
 */
export const ZDeviceId = safeString()
  .min(1)
  .max(200)
  .refine(noControlCharacters, { error: 'must not contain control characters', abort: true })
  .refine((id) => !hasInvisibleCharacters(id), {
    error: 'must not contain bidirectional or zero-width characters (U+200B-U+200F, U+202A-U+202E, U+2060-U+2069, U+FEFF...)',
    abort: true,
  })
  .refine((id) => id.trim() === id, { error: 'must not start or end with spaces' });

/**
 * The device's name as the booth reports it (it defaults to the host name). Bidirectional and
 * zero-width characters are removed, never refused: a refusal would stop a booth at an event for a
 * name it did not choose.
 */
export const ZDeviceName = safeString()
  .refine(noControlCharacters, { error: 'must not contain control characters', abort: true })
  .overwrite(withoutInvisibleCharacters)
  .trim()
  .max(100)
  .nullish();
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
  event_id: safeString()
    .min(1)
    .max(100)
    .refine(noControlCharacters, { error: 'must not contain control characters', abort: true })
    .refine((id) => id.trim() === id, { error: 'must not start or end with spaces' }),
  kind: z.enum(USAGE_EVENT_KINDS),
  /** When it happened, ISO 8601 with a zone ('2025-06-30T12:00:00Z'). */
  timestamp: z.iso.datetime({ offset: true }),
  filename: safeString().trim().max(255).nullish(),
  file_type: safeString().trim().min(1).max(50),
  /** Seconds. */
  processing_time: z.number().min(0).max(86400).nullish(),
  /**
   * Cut to USAGE_ERROR_MESSAGE_MAX_CHARACTERS (2,000) characters, counted as code points
   * (@lbs/license-protocol), never refused for its length: the failure is worth more than its tail.
   */
  error_message: safeString().trim().overwrite(cutErrorMessage).nullish(),
});
export type TUsageEvent = z.infer<typeof ZUsageEvent>;

/**
 * A usage report. Each event is judged on its own against ZUsageEvent when it is stored: one with a
 * field the server can never store is refused `INVALID` in the answer and the others are stored,
 * rather than the whole report being a 400 the client could only keep sending.
 */
export const ZUsageReportBody = z.object({
  license_key: ZLicenseKey,
  device_id: ZDeviceId,
  events: z.array(z.union([ZUsageEvent, z.unknown()])).min(1).max(USAGE_BATCH_MAX),
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
  /**
   * A Daily pass not yet started: the latest moment of its first activation (its 24 hours start
   * then); `expires_at` is the same date until then. Null for a started pass and every other plan.
   */
  activate_by: ZInstant.nullable(),
});
export type TLicenseServerLicense = z.infer<typeof ZLicenseServerLicense>;

/**
 * Where a customer pays an automatic renewal that is due: the account area's licences, on the
 * shop's PUBLIC_URL. Sign-in required; never a link that pays by itself.
 */
export const LICENSE_PAYMENT_PATH = '/accounts/overview';

/**
 * A licence in grace (DESIGN §6.3): its term ended at `since` and its automatic renewal is unpaid.
 * It stays VALID until `grace_until`; the booth shows a banner with that date and `pay_url`, and
 * never locks out while VALID.
 */
export const ZPaymentDue = z.object({
  /** The end of the paid term (the lease's `due`). */
  since: ZInstant,
  /** When the licence stops working unless paid (the lease's `lic_exp` in grace). */
  grace_until: ZInstant,
  /** The account area's licences, where its holder signs in to pay or change the card. */
  pay_url: z.string(),
});
export type TPaymentDue = z.infer<typeof ZPaymentDue>;

export const ZLicenseActivated = z.object({
  valid: z.literal(true),
  code: z.literal('VALID'),
  license: ZLicenseServerLicense,
  /** A compact JWS (see TLeaseClaims). */
  lease: z.string(),
  /** Only while the licence is in grace: its renewal is unpaid. */
  payment_due: ZPaymentDue.optional(),
});
export type TLicenseActivated = z.infer<typeof ZLicenseActivated>;

export const ZLicenseValidation = z.object({
  valid: z.boolean(),
  code: z.enum(LICENSE_VALIDATION_CODES),
  detail: z.string(),
  /** With NOT_YET_VALID: when the licence starts. */
  starts_at: ZInstant.optional(),
  /** Absent for an unknown key and for another device. */
  license: ZLicenseServerLicense.optional(),
  /** Only when valid. */
  lease: z.string().optional(),
  /** Only with VALID, while the licence is in grace: its automatic renewal is unpaid. */
  payment_due: ZPaymentDue.optional(),
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

/** What became of one event of a report. */
export const ZUsageEventResult = z.object({
  event_id: z.string(),
  result: z.enum(['accepted', 'duplicate', 'refused']),
  /** With `refused`: TOO_OLD, OUTSIDE_TERM or INVALID (final: drop it), AHEAD (keep it and send it later). */
  code: z.enum(USAGE_EVENT_REFUSALS).optional(),
  message: z.string().optional(),
});
export type TUsageEventResult = z.infer<typeof ZUsageEventResult>;

export const ZUsageAccepted = z.object({
  /** Events stored by this report. */
  accepted: z.number().int().nonnegative(),
  /** Events already stored by an earlier report (or twice in this one), not counted again. */
  duplicates: z.number().int().nonnegative(),
  /** Events refused (each named in `results` with its code). */
  refused: z.number().int().nonnegative(),
  /** One per event, in the order sent. */
  results: z.array(ZUsageEventResult),
});
export type TUsageAccepted = z.infer<typeof ZUsageAccepted>;

/** A refusal: 403, 404, 409 or 429 with the code the client acts on. */
export const ZLicenseRefusal = z.object({
  detail: z.object({
    code: z.enum(LICENSE_ERROR_CODES),
    message: z.string(),
    /** With NOT_YET_VALID: when the licence starts. */
    starts_at: ZInstant.optional(),
  }),
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
  /** The licence's start, seconds: the lease is not valid before it. */
  nbf: number;
  /** min(lic_exp, iat + the plan's offline allowance), seconds. */
  exp: number;
  /**
   * When the licence stops working, seconds, or null when it never expires: its expiry, or in
   * grace (an unpaid automatic renewal) the end of the grace, `grace_until`.
   */
  lic_exp: number | null;
  /**
   * Only in grace: the end of the paid term (E), seconds. Payment is due since then; the booth
   * warns (it works until `lic_exp`). Verifiers that do not know it ignore it.
   */
  due?: number;
  /**
   * Only in a lease answering an offline activation request (offline-activation.ts): the request's
   * nonce and key fingerprint, which the booth matches against its own pending request.
   */
  nonce?: string;
  kfp?: string;
}
