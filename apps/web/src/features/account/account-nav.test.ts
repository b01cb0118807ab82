import { describe, expect, it } from 'vitest';
import { ACCOUNT_NAV, accountItemOf, isSettingsTab } from './account-nav';

describe('account navigation', () => {
  it('selects the item from the segment after /accounts/', () => {
    expect(accountItemOf('/accounts/overview')?.key).toBe('overview');
    expect(accountItemOf('/accounts/settings/invoice')?.key).toBe('settings');
    expect(accountItemOf('/accounts/Plans')?.key).toBe('plans');
    expect(accountItemOf('/accounts/booths')?.key).toBe('booths');
    expect(accountItemOf('/accounts/booths/activate-offline')?.key).toBe('booths');
    expect(accountItemOf('/accounts')).toBeUndefined();
    expect(accountItemOf('/accounts/nothing')).toBeUndefined();
  });
  it('lists Booths right after Overview', () => {
    expect(ACCOUNT_NAV.map((item) => item.key).slice(0, 2)).toEqual(['overview', 'booths']);
    expect(ACCOUNT_NAV.find((item) => item.key === 'booths')?.link).toBe('/accounts/booths');
  });
  it('knows the four settings tabs by their path segment', () => {
    for (const key of ['notifications', 'invoice', 'order', 'user-management']) expect(isSettingsTab(key)).toBe(true);
    expect(isSettingsTab('profile')).toBe(false);
    expect(isSettingsTab(null)).toBe(false);
  });
});
