import { describe, expect, it } from 'vitest';
import type { TLicense } from '@lbs/domain/responses';
import { cardExpiresBeforeRenewal, renewalState, renewalStateLines } from './renewal-state';

const base = {
  type: 'month',
  revoked: false,
  is_expired: false,
  expire_date: '2026-12-20T04:00:00.000Z',
  auto_renew: true,
  renewal_due: null,
  renewal_card: { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 },
} as unknown as TLicense;
const of = (patch: Partial<TLicense>) => ({ ...base, ...patch }) as TLicense;

describe('renewalState', () => {
  it('reads renews on, ends on, ended on and payment due with the grace', () => {
    expect(renewalStateLines(renewalState(base)!)).toEqual(['Renews on 20 Dec 2026']);
    expect(renewalStateLines(renewalState(of({ auto_renew: false }))!)).toEqual(['Ends on 20 Dec 2026']);
    expect(renewalStateLines(renewalState(of({ auto_renew: false, is_expired: true }))!)).toEqual(['Ended on 20 Dec 2026']);
    const due = of({
      renewal_due: { order_id: 1, since: '2026-12-20T04:00:00.000Z', grace_until: '2026-12-27T04:00:00.000Z', in_grace: true, next_try_at: null, failure: 'Declined' },
    });
    expect(renewalStateLines(renewalState(due)!)).toEqual(['Payment due since 20 Dec 2026', 'Grace until 27 Dec 2026']);
  });

  it('has none for plans that do not renew and revoked keys', () => {
    expect(renewalState(of({ type: 'onetime' }))).toBeNull();
    expect(renewalState(of({ revoked: true }))).toBeNull();
  });

  it('flags a card that expires before the next renewal', () => {
    expect(cardExpiresBeforeRenewal(base)).toBe(false);
    expect(cardExpiresBeforeRenewal(of({ renewal_card: { brand: 'Visa', last4: '4242', exp_month: 11, exp_year: 2026 } }))).toBe(true);
    expect(cardExpiresBeforeRenewal(of({ auto_renew: false, renewal_card: { brand: 'Visa', last4: '4242', exp_month: 11, exp_year: 2026 } }))).toBe(false);
  });
});
