import { describe, expect, it } from 'vitest';
import { MSG } from '@lbs/domain/messages';
import { apiErrorFromResponse } from '../../lib/api-error';
import {
  forgotPasswordErrorMessage,
  googleErrorMessage,
  loginErrorMessage,
  resendErrorMessage,
  resetPasswordErrorMessage,
  signupErrorMessage,
} from './error-messages';

const api = (status: number, detail: unknown) => apiErrorFromResponse(status, { detail });

describe('auth error messages (spec §8)', () => {
  it('sign-up', () => {
    expect(signupErrorMessage(api(400, MSG.emailAlreadyRegistered))).toBe(MSG.emailAlreadyRegisteredAlert);
    expect(signupErrorMessage(api(400, 'body.user.email: Please enter a valid email address'))).toBe(MSG.invalidSignupData);
    expect(signupErrorMessage(api(429, MSG.tooManyRequests))).toBe(MSG.tooManySignupAttempts);
    expect(signupErrorMessage(api(500, 'Internal server error'))).toBe(MSG.signupFailed);
    expect(signupErrorMessage(new TypeError('Failed to fetch'))).toBe(MSG.signupFailed);
  });

  it('login', () => {
    expect(loginErrorMessage(api(400, MSG.invalidCredentials))).toBe(MSG.invalidCredentials);
    expect(loginErrorMessage(api(429, MSG.tooManyRequests))).toBe(MSG.tooManyLoginAttempts);
    expect(loginErrorMessage(api(503, 'down'))).toBe(MSG.loginFailed);
  });

  it('resend verification', () => {
    expect(resendErrorMessage(api(404, 'x'))).toBe(MSG.userNotFound);
    expect(resendErrorMessage(api(429, 'x'))).toBe(MSG.tooManyRequests);
    expect(resendErrorMessage(api(400, 'x'))).toBe(MSG.invalidEmailAddress);
    expect(resendErrorMessage(api(500, 'x'))).toBe(MSG.resendVerificationFailed);
  });

  it('forgot password', () => {
    expect(forgotPasswordErrorMessage(api(404, 'x'))).toBe(MSG.userNotFound);
    expect(forgotPasswordErrorMessage(api(500, 'x'))).toBe(MSG.resendVerificationFailed);
    // any API error other than 404 — 429 and 400 included — says the same thing
    expect(forgotPasswordErrorMessage(api(429, MSG.tooManyRequests))).toBe(MSG.resendVerificationFailed);
    expect(forgotPasswordErrorMessage(api(400, 'x'))).toBe(MSG.resendVerificationFailed);
    expect(forgotPasswordErrorMessage(api(403, 'x'))).toBe(MSG.resendVerificationFailed);
  });

  it('Google', () => {
    expect(googleErrorMessage(api(400, MSG.emailAlreadyRegistered), 'signup')).toBe(MSG.emailAlreadyRegistered);
    expect(googleErrorMessage(api(500, 'x'), 'signup')).toBe(MSG.googleSignUpFailed);
    expect(googleErrorMessage(api(500, 'x'), 'signin')).toBe(MSG.googleSignInFailed);
    expect(googleErrorMessage(api(404, MSG.googleAccountNotFound), 'signin')).toBe(MSG.googleSignInFailed);
    expect(googleErrorMessage(api(400, MSG.googleTokenRejected), 'signin')).toBe('Failed Google Sign In');
    expect(googleErrorMessage(new TypeError('Failed to fetch'), 'signin')).toBe('Failed Google Sign In');
    expect(googleErrorMessage(new TypeError('Failed to fetch'), 'signup')).toBe('Failed Google Sign Up');
  });

  it('reset password: the server message, else unexpected', () => {
    expect(resetPasswordErrorMessage(api(400, MSG.linkExpiredOrInvalid))).toBe(MSG.linkExpiredOrInvalid);
    expect(resetPasswordErrorMessage(new Error('boom'))).toBe(MSG.unexpectedError);
  });
});
