import { describe, expect, it } from 'vitest';
import { ADMIN_TABS, adminTabOf } from './admin-tabs';

describe('adminTabOf', () => {
  it('reads the section from the path, case-insensitively', () => {
    expect(adminTabOf('/accounts/overview/coupons')).toBe('coupons');
    expect(adminTabOf('/accounts/overview/Licenses/')).toBe('licenses');
  });
  it('keeps USERS highlighted on a customer’s page', () => {
    expect(adminTabOf('/accounts/overview/customers/42')).toBe('users');
  });
  it('defaults to Report at the root or for an unknown segment', () => {
    expect(adminTabOf('/accounts/overview')).toBe('report');
    expect(adminTabOf('/accounts/overview/nowhere')).toBe('report');
  });
  it('keeps the spec order, every tab under /accounts/overview', () => {
    expect(ADMIN_TABS.map((t) => t.name).slice(0, 8)).toEqual(['REPORT', 'ANALYTICS', 'USERS', 'LICENSES', 'INVOICES', 'ORDERS', 'COUPONS', 'NOTIFICATIONS']);
    for (const t of ADMIN_TABS) expect(t.link).toBe(`/accounts/overview/${t.key}`);
  });
});
