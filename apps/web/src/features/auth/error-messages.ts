import { MSG } from '@lbs/domain/messages';
import { toApiError } from '../../lib/api-error';

// Spec §8: what each auth screen says for each failure. Pure, so each mapping is unit-tested.

export function signupErrorMessage(e: unknown): string {
  const err = toApiError(e);
  if (err.status === 400) return err.message === MSG.emailAlreadyRegistered ? MSG.emailAlreadyRegisteredAlert : MSG.invalidSignupData;
  if (err.status === 429) return MSG.tooManySignupAttempts;
  return MSG.signupFailed;
}

/** 403 (unverified) is not a message: the screen offers to resend instead. */
export function loginErrorMessage(e: unknown): string {
  const err = toApiError(e);
  if (err.status === 400) return err.message;
  if (err.status === 429) return MSG.tooManyLoginAttempts;
  return MSG.loginFailed;
}

export function resendErrorMessage(e: unknown): string {
  const err = toApiError(e);
  if (err.status === 404) return MSG.userNotFound;
  if (err.status === 429) return MSG.tooManyRequests;
  if (err.status === 400) return MSG.invalidEmailAddress;
  return MSG.resendVerificationFailed;
}

export function forgotPasswordErrorMessage(e: unknown): string {
  const err = toApiError(e);
  // Spec §8: only a 404 has its own words; any other API error says the same thing.
  if (err.status === 404) return MSG.userNotFound;
  return MSG.resendVerificationFailed;
}

export function googleErrorMessage(e: unknown, mode: 'signup' | 'signin'): string {
  // Spec §8: sign-in failure is exactly 'Failed Google Sign In'; sign-up shows the server's message or 'Failed Google Sign Up'.
  if (mode === 'signin') return MSG.googleSignInFailed;
  const err = toApiError(e);
  const serverSays = err.status >= 400 && err.status < 500 ? err.message : null;
  return serverSays || MSG.googleSignUpFailed;
}

/** Reset password: the server's message for an API error; anything else is unexpected. */
export function resetPasswordErrorMessage(e: unknown): string {
  return toApiError(e).message || MSG.unexpectedError;
}
