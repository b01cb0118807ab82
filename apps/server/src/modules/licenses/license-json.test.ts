import { describe, expect, it } from 'vitest';
import type { licenses } from '../../db/schema';
import { toLicenseJson } from './license-json';

type LicenseRow = typeof licenses.$inferSelect;

const NOW = new Date('2026-11-26T19:00:00Z');
const row = (over: Partial<LicenseRow>): LicenseRow =>
  ({
    id: 'l1',
    licenseKey: 'ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567',
    type: 'month',
    email: 'a@example.com',
    deviceId: null,
    deviceBoundAt: null,
    startAt: NOW,
    expiresAt: new Date(NOW.getTime() + 30 * 86_400_000),
    revokedAt: null,
    suspendedAt: null,
    activateBy: null,
    unstartedTermHours: null,
    orderId: null,
    ...over,
  }) as LicenseRow;

describe('toLicenseJson', () => {
  // The browser shows 'Starts later' from this flag, so a phone whose clock is behind the server's
  // does not call a key bought a minute ago a key that starts later (an evening CI run caught it).
  it('says starts_later by the clock it is given (the server’s), not the viewer’s', () => {
    expect(toLicenseJson(row({ startAt: NOW }), NOW, 2).starts_later).toBe(false);
    expect(toLicenseJson(row({ startAt: new Date(NOW.getTime() - 60_000) }), NOW, 2).starts_later).toBe(false);
    expect(toLicenseJson(row({ startAt: new Date(NOW.getTime() + 60_000) }), NOW, 2).starts_later).toBe(true);
  });

  it('is_expired: the end has passed, whatever else (a revoked key ending next year is not expired)', () => {
    const nextYear = new Date(NOW.getTime() + 365 * 86_400_000);
    expect(toLicenseJson(row({ revokedAt: NOW, expiresAt: nextYear }), NOW, null)).toMatchObject({ revoked: true, is_expired: false });
    expect(toLicenseJson(row({ expiresAt: NOW }), NOW, null).is_expired).toBe(true);
  });
});
