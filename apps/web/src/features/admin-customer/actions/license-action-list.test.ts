import { describe, expect, it } from 'vitest';
import { licenseActionsFor } from './license-action-list';

const base = { revoked: false, suspended: false, is_expired: false, expire_date: '2030-01-01T00:00:00.000Z', device_number: 'booth-1' };

describe('licenseActionsFor', () => {
  it('offers every action but reinstate for a current licence on a device', () => {
    expect(licenseActionsFor(base)).toEqual(['resend', 'reset-device', 'extend', 'suspend']);
  });

  it('offers nothing for a revoked licence: revoke is final', () => {
    expect(licenseActionsFor({ ...base, revoked: true })).toEqual([]);
    expect(licenseActionsFor({ ...base, revoked: true, suspended: true })).toEqual([]);
  });

  it('offers reinstate instead of suspend while suspended, even once it has ended', () => {
    expect(licenseActionsFor({ ...base, suspended: true })).toEqual(['resend', 'reset-device', 'extend', 'reinstate']);
    expect(licenseActionsFor({ ...base, suspended: true, is_expired: true })).toContain('reinstate');
  });

  it('leaves out reset without a device, extend for a key that never expires, suspend for one that has ended', () => {
    expect(licenseActionsFor({ ...base, device_number: null })).not.toContain('reset-device');
    expect(licenseActionsFor({ ...base, expire_date: null })).not.toContain('extend');
    expect(licenseActionsFor({ ...base, is_expired: true })).toEqual(['resend', 'reset-device', 'extend']);
  });
});
