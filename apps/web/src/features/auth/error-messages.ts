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
  if (err.status === 404) return MSG.userNotFound;
  if (err.status === 429) return MSG.tooManyRequests;
  return MSG.resendVerificationFailed;
}

export function googleErrorMessage(e: unknown, mode: 'signup' | 'signin'): string {
  const err = toApiError(e);
  const serverSays = err.status >= 400 && err.status < 500 ? err.message : null;
  if (mode === 'signup') return serverSays ?? MSG.googleSignUpFailed;
  // The spec's words first; the server's reason (e.g. no account yet) helps the user further.
  return serverSays ? `${MSG.googleSignInFailed}: ${serverSays}` : MSG.googleSignInFailed;
}

/** Reset password: the server's message for an API error; anything else is unexpected. */
export function resetPasswordErrorMessage(e: unknown): string {
  return toApiError(e).message || MSG.unexpectedError;
}
