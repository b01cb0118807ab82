import { afterEach, describe, expect, it } from 'vitest';
import { setDisplayTimeZone } from './format-date';
import { licenseDurationText, licenseEndText, licenseStartText, licenseStatusBadge } from './license-display';
import type { TLicense } from '@lbs/domain/responses';
import { licenseFixture } from '../test/license-fixture';

const base = licenseFixture({
  _id: 'l1',
  type: 'month',
  email: 'a@example.com',
  device_number: null,
  device_bound_at: null,
  create_date: '2026-05-01T00:00:00.000Z',
  expire_date: '2026-05-31T00:00:00.000Z',
  order_id: null,
  device_name: null,
  app_version: null,
});
const pass: TLicense = { ...base, type: 'day', activate_by: '2027-05-01T00:00:00.000Z', expire_date: '2027-05-01T00:00:00.000Z', unstarted_term_hours: 48 };

afterEach(() => setDisplayTimeZone(undefined));

describe('licence display', () => {
  it('an unused Daily pass: starts on first activation, activate by its date, its hours as days', () => {
    setDisplayTimeZone('Asia/Singapore');
    expect(licenseStartText(pass)).toBe('Starts on first activation');
    expect(licenseEndText(pass)).toBe('Activate by 1 May 2027');
    expect(licenseDurationText(pass)).toBe('2 Days');
    expect(licenseStatusBadge(pass).label).toBe('Not started');
  });

  it('a started licence: its dates, its term, and its state', () => {
    setDisplayTimeZone('Asia/Singapore');
    expect(licenseStartText(base)).toBe('1 May 2026');
    expect(licenseEndText(base)).toBe('31 May 2026');
    expect(licenseEndText({ ...base, expire_date: null }, 'Never')).toBe('Never');
    expect(licenseDurationText(base)).toBe('30 Days');
    expect(licenseStatusBadge({ ...base, suspended: true }).label).toBe('Suspended');
    expect(licenseStatusBadge({ ...base, starts_later: true }).label).toBe('Starts later');
    expect(licenseStatusBadge(base).label).toBe('Active');
  });

  it('a key in grace reads In grace, not Expired, though its end has passed', () => {
    const due = { order_id: 1, since: base.expire_date!, grace_until: '2026-06-07T00:00:00.000Z', in_grace: true, next_try_at: null, failure: 'Your card was declined.' };
    expect(licenseStatusBadge({ ...base, renewal_due: due }).label).toBe('In grace');
    expect(licenseStatusBadge({ ...base, renewal_due: { ...due, in_grace: false } }).label).not.toBe('In grace');
  });
});
