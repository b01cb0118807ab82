import type { TLicense } from '@lbs/domain/responses';

/** A licence as the API answers it: a Yearly key bound to a named booth; each test overrides what it looks at. */
export const licenseFixture = (over: Partial<TLicense> = {}): TLicense => ({
  _id: 'l-1',
  license_key: 'ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567',
  type: 'year',
  email: 'ayu@booth.example',
  device_number: 'booth-1',
  device_bound_at: '2026-01-01T00:00:00.000Z',
  create_date: '2026-01-01T00:00:00.000Z',
  expire_date: '2027-01-01T00:00:00.000Z',
  is_expired: false,
  revoked: false,
  suspended: false,
  starts_later: false,
  activate_by: null,
  unstarted_term_hours: null,
  order_id: 1001,
  device_resets_left: 2,
  device_name: 'Front desk',
  app_version: '2.1.0',
  last_seen_at: null,
  device_shared_at: null,
  ...over,
});
