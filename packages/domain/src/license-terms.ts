import { groupLicenseKey, LICENSE_KEY_ALPHABET, LICENSE_KEY_CHARS } from '@lbs/license-protocol/license-key';

import type { LicenseType } from './catalogue';
import { licenseUsableUntil } from './renewals';

export const LICENSE_TYPES: readonly LicenseType[] = Object.freeze([
  'day',
  'month',
  'year',
  'onetime',
]);

/** Admin generate dialog modes: a licence type, or a custom start/end range. */
export const LICENSE_CREATE_MODES = ['day', 'month', 'year', 'onetime', 'custom'] as const;
export type LicenseCreateMode = (typeof LICENSE_CREATE_MODES)[number];

/** What a licence is called in lists (the customer's plan column, the back office's type column). */
export const LICENSE_TYPE_LABELS: Readonly<Record<LicenseCreateMode, string>> = Object.freeze({
  day: 'Daily',
  month: 'Monthly',
  year: 'Yearly',
  onetime: 'Setup kit',
  custom: 'Custom',
});

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Term of a purchased key, counted from payment (DESIGN §4). The setup kit's key is sold as
 * "3 months"; calendar months vary (89 to 92 days), so we use a fixed 90 days: every customer
 * gets the same term and the expiry does not depend on the month the kit was bought in.
 */
export const LICENSE_TERM_MS: Record<LicenseType, number | null> = Object.freeze({
  day: 24 * HOUR_MS,
  month: 30 * DAY_MS,
  year: 365 * DAY_MS,
  onetime: 90 * DAY_MS,
});

/** Expiry of a key bought at `start`. */
export function purchasedLicenseExpiry(type: LicenseType, start: Date): Date {
  const term = LICENSE_TERM_MS[type];
  // Every purchased type has a term; the null branch only exists for the Record's type.
  return new Date(start.getTime() + (term ?? 0));
}

/** Expiry of an admin-generated key: as purchased, except `onetime`, which never expires. */
export function adminLicenseExpiry(type: LicenseType, start: Date): Date | null {
  if (type === 'onetime') return null;
  return purchasedLicenseExpiry(type, start);
}

/** A licence with no expiry never expires; one whose expiry has passed has. */
export function isLicenseExpired(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}

/**
 * Current: neither revoked nor expired. This decides who may download, reset a device and (later)
 * activate; its SQL twin is apps/server/src/modules/licenses/license-current.ts, kept equal to it
 * by a test there.
 */
export function isLicenseCurrent(license: { revokedAt: Date | null; expiresAt: Date | null; graceUntil?: Date | null }, now: Date): boolean {
  // In grace (an automatic renewal unpaid, DESIGN §6.3) counts as current up to grace_until.
  return license.revokedAt === null && !isLicenseExpired(licenseUsableUntil(license), now);
}

/**
 * A Daily pass does not start at payment (DESIGN §6.1): the operator buys it days ahead of the
 * event, and its hours start at the first activation. Until then it is "unstarted": it carries
 * `activate_by` (payment + 12 months) and `expires_at` holds the same date, so every "is current"
 * check and the reminder job treat an unused pass as ending then. Admin-generated Daily keys follow
 * the same rule. Monthly, yearly, setup-kit and custom keys start when issued.
 */
export const DAILY_PASS_ACTIVATE_WITHIN_MONTHS = 12;
/** Hours a Daily pass runs once started (and what each renewal before its start adds). */
export const DAILY_PASS_HOURS = 24;

export function startsOnFirstActivation(type: string): boolean {
  return type === 'day';
}

/** The latest first activation of a Daily pass paid (or issued) at `issuedAt`: 12 calendar months on. */
export function dailyPassActivateBy(issuedAt: Date): Date {
  const by = new Date(issuedAt);
  by.setUTCMonth(by.getUTCMonth() + DAILY_PASS_ACTIVATE_WITHIN_MONTHS);
  // 29 February + 12 months rolls to 1 March; a month that lacks the day rolls over the same way.
  return by;
}

/** A Daily pass not yet started (its first activation starts its hours). */
export function isLicenseUnstarted(license: { activateBy: Date | null }): boolean {
  return license.activateBy !== null;
}

/** The term of an unstarted pass started at `now`: its hours from now. */
export function startedPassTerm(unstartedTermHours: number, now: Date): { startAt: Date; expiresAt: Date } {
  return { startAt: now, expiresAt: new Date(now.getTime() + unstartedTermHours * HOUR_MS) };
}

/** The columns of a newly issued licence that starts on first activation (a Daily pass). */
export function unstartedPassTerms(issuedAt: Date): { startAt: Date; expiresAt: Date; activateBy: Date; unstartedTermHours: number } {
  const activateBy = dailyPassActivateBy(issuedAt);
  return { startAt: issuedAt, expiresAt: activateBy, activateBy, unstartedTermHours: DAILY_PASS_HOURS };
}

/**
 * Keys that can be renewed: those of the time plans (day, month, year). The setup kit's `onetime`
 * key is not: the kit is a one-time purchase (training, a roller, 500 sheets) and its 3-month key
 * comes with it; to keep going after it, a customer buys a time plan (a new key). Admin `custom`
 * keys have no plan to renew with.
 */
export const RENEWABLE_LICENSE_TYPES = ['day', 'month', 'year'] as const;
export type RenewableLicenseType = (typeof RENEWABLE_LICENSE_TYPES)[number];

export function isRenewableLicenseType(type: unknown): type is RenewableLicenseType {
  return typeof type === 'string' && (RENEWABLE_LICENSE_TYPES as readonly string[]).includes(type);
}

/**
 * Expiry after a renewal paid at `now`: the plan's term added to the current expiry while the key
 * is still current, or to `now` once it has ended (a lapsed key gets a full term from payment).
 */
export function renewedLicenseExpiry(type: RenewableLicenseType, expiresAt: Date | null, now: Date): Date {
  const from = expiresAt && expiresAt.getTime() > now.getTime() ? expiresAt : now;
  return purchasedLicenseExpiry(type, from);
}

/**
 * Expiry reminders, in the order they fall due: a mail and a notification 7 days and 1 day before
 * a key ends, and one when it has ended. A licence row keeps the highest stage already sent (0:
 * none), so each is sent once; the scheduled job claims a stage with `stage < n`.
 */
export const LICENSE_REMINDERS = Object.freeze([
  { stage: 1, kind: 'expires_in_7_days', leadMs: 7 * DAY_MS },
  { stage: 2, kind: 'expires_in_1_day', leadMs: DAY_MS },
  { stage: 3, kind: 'ended', leadMs: 0 },
] as const);
export type LicenseReminder = (typeof LICENSE_REMINDERS)[number];

/**
 * The stage a key starts a term at (issue or renewal): reminders whose moment has already come are
 * skipped, so a daily key (24 h left) gets neither the 7-day nor the 1-day mail, only the 'ended'
 * one, and a key issued already ended gets none. A key that never expires gets none either (the job
 * only looks at keys with an expiry).
 */
export function initialReminderStage(expiresAt: Date | null, now: Date): number {
  if (!expiresAt) return 0;
  const left = expiresAt.getTime() - now.getTime();
  let stage = 0;
  for (const r of LICENSE_REMINDERS) if (left <= r.leadMs) stage = r.stage;
  return stage;
}

/** Self-service device resets allowed per licence within the rolling window. */
export const DEVICE_RESETS_PER_WINDOW = 2;
export const DEVICE_RESET_WINDOW_DAYS = 30;
export const DEVICE_RESET_WINDOW_MS = DEVICE_RESET_WINDOW_DAYS * DAY_MS;

/**
 * Deactivations the desktop program may make per licence within its rolling window (its own
 * count: the customer's self-service resets and the admins are not limited by it).
 */
export const DEACTIVATIONS_PER_WINDOW = 3;
export const DEACTIVATION_WINDOW_DAYS = 30;
export const DEACTIVATION_WINDOW_MS = DEACTIVATION_WINDOW_DAYS * DAY_MS;

// Licence keys: 30 Crockford base32 characters (150 bits) in six groups of five. Their format and
// canonical form are @lbs/license-protocol's, which the desktop client shares; issuing them is ours.

export { LICENSE_KEY_PATTERN, normaliseLicenseKey } from '@lbs/license-protocol/license-key';

/** Random bytes to ask for per key: 20 bytes = 160 bits, of which the key keeps 150. */
export const LICENSE_KEY_BYTES = 20;
/** 30 characters of 5 bits need 150 bits, so fewer than 19 bytes cannot fill a key. */
export const LICENSE_KEY_MIN_BYTES = Math.ceil((LICENSE_KEY_CHARS * 5) / 8);

export function crockfordBase32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += LICENSE_KEY_ALPHABET.charAt((buffer >> bits) & 31);
    }
  }
  if (bits > 0) out += LICENSE_KEY_ALPHABET.charAt((buffer << (5 - bits)) & 31);
  return out;
}

/** 'XXXXX-XXXXX-XXXXX-XXXXX-XXXXX-XXXXX' from caller-supplied random bytes (at least 19). */
export function formatLicenseKey(bytes: Uint8Array): string {
  if (bytes.length < LICENSE_KEY_MIN_BYTES) {
    throw new RangeError(
      `A licence key needs at least ${LICENSE_KEY_MIN_BYTES} random bytes, got ${bytes.length}`,
    );
  }
  return groupLicenseKey(crockfordBase32(bytes).slice(0, LICENSE_KEY_CHARS));
}

const KEY_DISPLAY_LENGTH = 10;

/** The account table shows a key as its first 10 characters and '…'; short keys stay whole. */
export function truncateKey(key: string): string {
  return key.length > KEY_DISPLAY_LENGTH ? `${key.slice(0, KEY_DISPLAY_LENGTH)}…` : key;
}

/**
 * A key's last group ('K7QX9'), which the booth screens show as '…K7QX9' and the audit log keeps
 * as its label: enough to tell an owner's keys apart, not enough to use one.
 */
export function licenseKeySuffix(key: string): string {
  return key.slice(key.lastIndexOf('-') + 1);
}

/**
 * What the back office shows for a licence, and filters by: revoked wins over expired (a revoked
 * key may also have run out since), and everything else is active.
 */
export const LICENSE_ADMIN_STATUSES = ['active', 'expired', 'revoked'] as const;
export type LicenseAdminStatus = (typeof LICENSE_ADMIN_STATUSES)[number];

/** A licence as the API shows it (`revoked`, and `is_expired`: its end has passed). */
export function licenseAdminStatus(license: { revoked: boolean; is_expired: boolean }): LicenseAdminStatus {
  if (license.revoked) return 'revoked';
  return license.is_expired ? 'expired' : 'active';
}

/**
 * What a licence's status badge says, in the account area and the back office: the admin status,
 * with an active one told apart when it is suspended, an unused Daily pass, or starting later.
 */
export const LICENSE_DISPLAY_STATUSES = ['active', 'expired', 'revoked', 'suspended', 'unstarted', 'upcoming'] as const;
export type LicenseDisplayStatus = (typeof LICENSE_DISPLAY_STATUSES)[number];

export function licenseDisplayStatus(license: {
  revoked: boolean;
  is_expired: boolean;
  suspended: boolean;
  activate_by: string | null;
  starts_later: boolean;
}): LicenseDisplayStatus {
  const status = licenseAdminStatus(license);
  if (status !== 'active') return status;
  if (license.suspended) return 'suspended';
  if (license.activate_by) return 'unstarted';
  // The server's word (its clock), never the browser's: a device clock behind would call a key
  // bought a minute ago 'upcoming'.
  if (license.starts_later) return 'upcoming';
  return 'active';
}
