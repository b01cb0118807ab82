import { describe, expect, it } from 'vitest';
import { BOOTH_LICENSE_STATES } from '@lbs/domain/booths';
import { licenseStatusBadgeOf } from '../../lib/license-display';
import { allowanceText, boothLicenseStatus, boothTitle, shortDeviceId, staleText } from './booth-view';

describe('a booth row', () => {
  it('has a badge for every licence state the server sends, worded as the overview words it', () => {
    expect(BOOTH_LICENSE_STATES.map((s) => licenseStatusBadgeOf(boothLicenseStatus(s)).label)).toEqual([
      'Active',
      'Not started',
      'Starts later',
      'Suspended',
      'Expired',
      'Revoked',
    ]);
  });
  it('is called by its name, else by its device id', () => {
    expect(boothTitle({ name: 'Front desk', device_id: 'd-1' })).toBe('Front desk');
    expect(boothTitle({ name: null, device_id: 'd-1' })).toBe('d-1');
  });
  it('shortens a long device id and leaves a short one whole', () => {
    expect(shortDeviceId('3f2b8c1e-0d4a-4f7e-9b1a-2c3d4e5f6a7b')).toBe('3f2b8c1e-0…');
    expect(shortDeviceId('BOOTH-01')).toBe('BOOTH-01');
  });
  it('says how long a stale booth has been away: days, or hours under two days', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(staleText('2026-11-17T10:00:00Z', now)).toBe('Not seen for 9 days — longer than its offline allowance');
    expect(staleText('2026-11-25T00:00:00Z', now)).toBe('Not seen for 36 hours — longer than its offline allowance');
  });
  it('says an allowance in days when it is whole days', () => {
    expect(allowanceText(24)).toBe('24 hours');
    expect(allowanceText(168)).toBe('7 days');
    expect(allowanceText(1)).toBe('1 hour');
  });
});
