import { describe, expect, it } from 'vitest';
import { CUSTOMER_ACTION_MSG } from '@lbs/domain/customer-actions';
import { extendPreview, extendRequest } from './extend-form';

const form = { by: 'days' as const, days: '30', until: '', reason: 'Outage on 20 Nov' };

describe('extendRequest', () => {
  it('sends only the days, as a number, with the trimmed reason', () => {
    expect(extendRequest({ ...form, until: '2030-01-01', reason: '  Outage  ' })).toEqual({ body: { days: 30, reason: 'Outage' } });
  });

  it('sends only the date when the date is chosen', () => {
    expect(extendRequest({ ...form, by: 'until', until: '2030-01-01' })).toEqual({ body: { until: '2030-01-01', reason: 'Outage on 20 Nov' } });
  });

  it('says what is wrong with each field', () => {
    expect(extendRequest({ ...form, days: '', reason: ' ' })).toEqual({ errors: { days: CUSTOMER_ACTION_MSG.extendDays, reason: CUSTOMER_ACTION_MSG.reasonRequired } });
    expect(extendRequest({ ...form, days: '0' })).toEqual({ errors: { days: CUSTOMER_ACTION_MSG.extendDays } });
    expect(extendRequest({ ...form, days: '2.5' })).toEqual({ errors: { days: CUSTOMER_ACTION_MSG.extendDays } });
    expect(extendRequest({ ...form, days: '3651' })).toEqual({ errors: { days: CUSTOMER_ACTION_MSG.extendDays } });
    expect(extendRequest({ ...form, by: 'until', until: '' })).toEqual({ errors: { until: CUSTOMER_ACTION_MSG.extendUntilFormat } });
  });
});

describe('extendPreview', () => {
  const now = new Date('2026-11-26T00:00:00Z');
  it('adds the days to the current end', () => {
    expect(extendPreview('2026-12-01T10:00:00.000Z', '10', now)?.toISOString()).toBe('2026-12-11T10:00:00.000Z');
  });
  it('counts from now for a licence that has ended', () => {
    expect(extendPreview('2026-01-01T00:00:00.000Z', '1', now)?.toISOString()).toBe('2026-11-27T00:00:00.000Z');
  });
  it('shows nothing while the days are not a whole number from 1', () => {
    expect(extendPreview('2026-12-01T10:00:00.000Z', '', now)).toBeNull();
    expect(extendPreview('2026-12-01T10:00:00.000Z', '0', now)).toBeNull();
    expect(extendPreview('2026-12-01T10:00:00.000Z', '1.5', now)).toBeNull();
  });
});
