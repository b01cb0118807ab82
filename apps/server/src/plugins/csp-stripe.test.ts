import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { contentSecurityPolicy } from './csp';

describe('the content security policy and Stripe.js', () => {
  it('allows Stripe.js (script, its frames, its API) only when a publishable key is configured', () => {
    const without = contentSecurityPolicy(loadConfig({}));
    expect([...without.scriptSrc!, ...without.frameSrc!, ...without.connectSrc!].filter((s) => s.includes('stripe'))).toEqual([]);
    const withKey = contentSecurityPolicy(loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_shop' }));
    expect(withKey.scriptSrc).toContain('https://js.stripe.com');
    expect(withKey.frameSrc).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']));
    expect(withKey.connectSrc).toContain('https://api.stripe.com');
  });
});
