import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('hides tokens in mailed-link paths and secret query values, keeps the rest', () => {
    expect(redactUrl('/api/users/verify-email/abcDEF_123-x')).toBe('/api/users/verify-email/[redacted]');
    expect(redactUrl('/api/users/verify-reset-password?token=s3cret&x=1')).toBe('/api/users/verify-reset-password?token=[redacted]&x=1');
    expect(redactUrl('/api/x?a=1&ticket=t&Signature=z#f')).toBe('/api/x?a=1&ticket=[redacted]&Signature=[redacted]#f');
    expect(redactUrl('/api/users/forgot-password?email=a%40b.co')).toBe('/api/users/forgot-password?email=a%40b.co');
    expect(redactUrl('/new-password/tok?x=1')).toBe('/new-password/[redacted]?x=1');
  });
});
