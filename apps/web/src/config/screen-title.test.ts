import { describe, expect, it } from 'vitest';
import { paths, screenTitle } from './paths';

describe('screenTitle', () => {
  it('names every app screen, the longest matching path first', () => {
    expect(screenTitle(paths.signup)).toBe('Sign up · LentiBooth');
    expect(screenTitle('/verify-email/abc')).toBe('Verify your email · LentiBooth');
    expect(screenTitle(paths.accounts.overview)).toBe('Overview · LentiBooth');
    expect(screenTitle(paths.accounts.admin.coupons)).toBe('Coupons · Back office · LentiBooth');
    expect(screenTitle(paths.accounts.orders)).toBe('Orders · Settings · LentiBooth');
    expect(screenTitle(paths.accounts.settings)).toBe('Settings · LentiBooth');
    expect(screenTitle(paths.accounts.booths)).toBe('Booths · LentiBooth');
    expect(screenTitle(paths.accounts.admin.customer(42))).toBe('Customer · Back office · LentiBooth');
  });

  it('leaves the prerendered public pages to their own titles', () => {
    for (const p of [paths.home, paths.pricing, paths.accessories, paths.contactUs, paths.terms]) expect(screenTitle(p)).toBeNull();
    // A path that only starts like a screen's is not that screen.
    expect(screenTitle('/signups')).toBeNull();
  });
});
