import { describe, expect, it } from 'vitest';
import { loginTarget } from './use-signed-in';

const fallback = { signin: '/shipping', login: '/accounts/overview' };

describe('loginTarget', () => {
  it('returns to where the guard found the visitor', () => {
    expect(loginTarget('/login', { from: '/accounts/plans?x=1#top' }, fallback)).toBe('/accounts/plans?x=1#top');
  });
  it('sends /signin to checkout and /login to the overview by default', () => {
    expect(loginTarget('/signin', null, fallback)).toBe('/shipping');
    expect(loginTarget('/login', undefined, fallback)).toBe('/accounts/overview');
  });
  it('never follows a path that leaves the site', () => {
    for (const from of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', 42]) {
      expect(loginTarget('/login', { from }, fallback)).toBe('/accounts/overview');
    }
  });
});
