import * as protocol from '@lbs/license-protocol/license-key';
import { describe, expect, it } from 'vitest';

import {
  adminLicenseExpiry,
  dailyPassActivateBy,
  isLicenseUnstarted,
  licenseDisplayStatus,
  startedPassTerm,
  startsOnFirstActivation,
  unstartedPassTerms,
  crockfordBase32,
  initialReminderStage,
  isRenewableLicenseType,
  renewedLicenseExpiry,
  formatLicenseKey,
  isLicenseExpired,
  isLicenseCurrent,
  licenseAdminStatus,
  LICENSE_KEY_BYTES,
  LICENSE_KEY_MIN_BYTES,
  LICENSE_KEY_PATTERN,
  LICENSE_TERM_MS,
  normaliseLicenseKey,
  purchasedLicenseExpiry,
  truncateKey,
  licenseKeySuffix,
} from './license-terms';

const DAY = 24 * 60 * 60 * 1000;
const start = new Date('2025-01-31T10:00:00.000Z');

describe('licence terms', () => {
  it('counts day, month, year and the setup kit key', () => {
    expect(LICENSE_TERM_MS).toEqual({
      day: DAY,
      month: 30 * DAY,
      year: 365 * DAY,
      onetime: 90 * DAY,
    });
  });

  it('dates a purchased key from its start', () => {
    expect(purchasedLicenseExpiry('day', start).toISOString()).toBe('2025-02-01T10:00:00.000Z');
    expect(purchasedLicenseExpiry('month', start).toISOString()).toBe('2025-03-02T10:00:00.000Z');
    expect(purchasedLicenseExpiry('year', start).toISOString()).toBe('2026-01-31T10:00:00.000Z');
    expect(purchasedLicenseExpiry('onetime', start).toISOString()).toBe('2025-05-01T10:00:00.000Z');
  });

  it('never expires an admin-generated onetime licence', () => {
    expect(adminLicenseExpiry('onetime', start)).toBeNull();
    expect(adminLicenseExpiry('day', start)?.toISOString()).toBe('2025-02-01T10:00:00.000Z');
    expect(adminLicenseExpiry('year', start)?.getTime()).toBe(start.getTime() + 365 * DAY);
  });

  it('tells expired from current', () => {
    const expiry = new Date('2025-02-01T00:00:00Z');
    expect(isLicenseExpired(expiry, new Date('2025-01-31T23:59:59Z'))).toBe(false);
    expect(isLicenseExpired(expiry, expiry)).toBe(true);
    expect(isLicenseExpired(null, new Date('2100-01-01'))).toBe(false);
  });

  it('counts a licence current while it is neither revoked nor expired', () => {
    const now = new Date('2025-01-31T00:00:00Z');
    const later = new Date('2025-02-01T00:00:00Z');
    expect(isLicenseCurrent({ revokedAt: null, expiresAt: later }, now)).toBe(true);
    expect(isLicenseCurrent({ revokedAt: null, expiresAt: null }, now)).toBe(true);
    expect(isLicenseCurrent({ revokedAt: null, expiresAt: now }, now)).toBe(false);
    expect(isLicenseCurrent({ revokedAt: now, expiresAt: later }, now)).toBe(false);
    expect(isLicenseCurrent({ revokedAt: now, expiresAt: null }, now)).toBe(false);
  });

  it('names the back office status: revoked before expired, else active', () => {
    expect(licenseAdminStatus({ revoked: false, is_expired: false })).toBe('active');
    expect(licenseAdminStatus({ revoked: false, is_expired: true })).toBe('expired');
    // The API marks a revoked key is_expired too; it still reads Revoked.
    expect(licenseAdminStatus({ revoked: true, is_expired: true })).toBe('revoked');
  });
});

describe('licence keys', () => {
  it('encodes Crockford base32', () => {
    expect(crockfordBase32(new Uint8Array([0]))).toBe('00');
    expect(crockfordBase32(new Uint8Array([0xff]))).toBe('ZW');
    expect(crockfordBase32(new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff]))).toBe('ZZZZZZZZ');
    expect(crockfordBase32(new Uint8Array([104, 101, 108, 108, 111])) /* 'hello' */).toBe(
      'D1JPRV3F',
    );
  });

  it('formats six groups of five from random bytes', () => {
    const bytes = new Uint8Array(LICENSE_KEY_BYTES).map((_, i) => (i * 37 + 11) & 0xff);
    const key = formatLicenseKey(bytes);
    expect(key).toMatch(LICENSE_KEY_PATTERN);
    expect(key).toHaveLength(35);
    expect(key.replace(/-/g, '')).toBe(crockfordBase32(bytes).slice(0, 30));
    expect(formatLicenseKey(new Uint8Array(20))).toBe('00000-00000-00000-00000-00000-00000');
  });

  it('gives different keys for different bytes', () => {
    const a = new Uint8Array(20).fill(1);
    const b = new Uint8Array(20).fill(1);
    b[0] = 2;
    expect(formatLicenseKey(a)).not.toBe(formatLicenseKey(b));
  });

  it('refuses too few bytes to fill a key', () => {
    expect(LICENSE_KEY_MIN_BYTES).toBe(19);
    expect(LICENSE_KEY_BYTES).toBeGreaterThanOrEqual(16);
    expect(() => formatLicenseKey(new Uint8Array(16))).toThrow(RangeError);
    expect(() => formatLicenseKey(new Uint8Array(19))).not.toThrow();
  });

  // The format and the normaliser are the licence protocol's (tested there), which the desktop
  // client shares: the domain re-exports them and keeps no copy.
  it("the key pattern and normaliser are the licence protocol's", () => {
    expect(LICENSE_KEY_PATTERN).toBe(protocol.LICENSE_KEY_PATTERN);
    expect(normaliseLicenseKey).toBe(protocol.normaliseLicenseKey);
  });

  it('issues keys in canonical form: each normalises to itself', () => {
    for (let i = 0; i < 50; i += 1) {
      const key = formatLicenseKey(new Uint8Array(LICENSE_KEY_BYTES).map((_, j) => (i * 101 + j * 37 + 11) & 0xff));
      expect(key).toMatch(LICENSE_KEY_PATTERN);
      expect(normaliseLicenseKey(key.toLowerCase())).toBe(key);
    }
  });

  it('truncates a key to 10 characters and an ellipsis', () => {
    expect(truncateKey('ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567')).toBe('ABCDE-FGHJ…');
    expect(truncateKey('SHORT')).toBe('SHORT');
    expect(truncateKey('0123456789')).toBe('0123456789');
  });

  it("names a key by its last group, as the booth screens and the audit log show it", () => {
    expect(licenseKeySuffix('ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567')).toBe('34567');
    expect(licenseKeySuffix('NOGROUPS')).toBe('NOGROUPS');
  });
});

describe('renewal and reminders', () => {
  const now = new Date('2025-06-01T00:00:00.000Z');

  it('renews the time plans only', () => {
    expect(['day', 'month', 'year', 'onetime', 'custom'].filter(isRenewableLicenseType)).toEqual(['day', 'month', 'year']);
  });

  it('extends from the expiry while current, from now once ended or never set', () => {
    const later = new Date(now.getTime() + 5 * DAY);
    expect(renewedLicenseExpiry('month', later, now).getTime()).toBe(later.getTime() + 30 * DAY);
    expect(renewedLicenseExpiry('month', new Date(now.getTime() - DAY), now).getTime()).toBe(now.getTime() + 30 * DAY);
    expect(renewedLicenseExpiry('day', now, now).getTime()).toBe(now.getTime() + DAY);
    expect(renewedLicenseExpiry('year', null, now).getTime()).toBe(now.getTime() + 365 * DAY);
  });

  it('starts a term past the reminders whose moment has come', () => {
    const at = (ms: number) => initialReminderStage(new Date(now.getTime() + ms), now);
    expect(at(30 * DAY)).toBe(0);
    expect(at(7 * DAY + 1)).toBe(0);
    expect(at(7 * DAY)).toBe(1);
    expect(at(DAY + 1)).toBe(1);
    expect(at(DAY)).toBe(2);
    expect(at(1)).toBe(2);
    expect(at(0)).toBe(3);
    expect(at(-DAY)).toBe(3);
    expect(initialReminderStage(null, now)).toBe(0);
  });
});

describe('the Daily pass (starts at its first activation)', () => {
  it('is the only plan that starts on first activation', () => {
    expect(['day', 'month', 'year', 'onetime', 'custom'].filter(startsOnFirstActivation)).toEqual(['day']);
  });

  it('is to be activated within 12 calendar months, and until then ends on that date', () => {
    const paid = new Date('2026-03-15T10:00:00Z');
    expect(dailyPassActivateBy(paid).toISOString()).toBe('2027-03-15T10:00:00.000Z');
    expect(unstartedPassTerms(paid)).toEqual({
      startAt: paid,
      expiresAt: new Date('2027-03-15T10:00:00Z'),
      activateBy: new Date('2027-03-15T10:00:00Z'),
      unstartedTermHours: 24,
    });
    expect(isLicenseUnstarted({ activateBy: new Date() })).toBe(true);
    expect(isLicenseUnstarted({ activateBy: null })).toBe(false);
  });

  it('runs its hours from the moment it starts', () => {
    const now = new Date('2026-06-01T18:30:00Z');
    expect(startedPassTerm(48, now)).toEqual({ startAt: now, expiresAt: new Date('2026-06-03T18:30:00Z') });
  });
});

describe('licenseDisplayStatus', () => {
  const base = { revoked: false, is_expired: false, suspended: false, activate_by: null, starts_later: false };
  it('tells a suspended key, an unused pass and one starting later apart from an active one', () => {
    expect(licenseDisplayStatus(base)).toBe('active');
    expect(licenseDisplayStatus({ ...base, suspended: true })).toBe('suspended');
    expect(licenseDisplayStatus({ ...base, activate_by: '2027-01-01T00:00:00Z' })).toBe('unstarted');
    expect(licenseDisplayStatus({ ...base, starts_later: true })).toBe('upcoming');
  });
  it('says revoked before suspended, and expired for a pass never used', () => {
    expect(licenseDisplayStatus({ ...base, revoked: true, suspended: true })).toBe('revoked');
    expect(licenseDisplayStatus({ ...base, is_expired: true, activate_by: '2026-05-30T00:00:00Z' })).toBe('expired');
  });
});
