import { describe, expect, it } from 'vitest';
import { apiErrorFromResponse, toApiError } from './api-error';

describe('API error shape (spec §8)', () => {
  it('carries the detail message and status of a failed call', () => {
    expect(apiErrorFromResponse(400, { detail: 'Email already registered' })).toMatchObject({
      message: 'Email already registered',
      status: 400,
      requires_verification: false,
    });
  });

  it('takes requires_verification from an object detail', () => {
    const e = apiErrorFromResponse(403, { detail: { message: 'Email not verified', requires_verification: true, email: 'a@b.co' } });
    expect(e).toMatchObject({ message: 'Email not verified', status: 403, requires_verification: true });
    expect((e.detail as { email: string }).email).toBe('a@b.co');
  });

  it('turns a thrown Error into the unexpected error with status 500', () => {
    expect(toApiError(new TypeError('Failed to fetch'))).toEqual({
      message: 'An unexpected error occurred.',
      status: 500,
      requires_verification: false,
    });
  });

  it('turns a non-error throw into the unknown error with status 500', () => {
    expect(toApiError('boom')).toEqual({ message: 'An unknown error occurred.', status: 500, requires_verification: false });
  });

  it('passes an ApiError through unchanged', () => {
    const e = { message: 'x', status: 429, requires_verification: false };
    expect(toApiError(e)).toBe(e);
  });
});
