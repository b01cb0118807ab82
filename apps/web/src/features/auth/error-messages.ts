import { MSG } from '@lbs/domain/messages';
import { toApiError, type ApiError } from '../../lib/api-error';

// Spec §8: what each auth screen says for each failure. Pure, so each mapping is unit-tested.

/** What a screen says for each status it names; any other status gets `otherwise`. */
function byStatus(e: unknown, says: Partial<Record<number, string | ((err: ApiError) => string)>>, otherwise: string): string {
  const err = toApiError(e);
  const said = says[err.status];
  if (said === undefined) return otherwise;
  return typeof said === 'function' ? said(err) : said;
}

export const signupErrorMessage = (e: unknown): string =>
  byStatus(
    e,
    {
      400: (err) => (err.message === MSG.emailAlreadyRegistered ? MSG.emailAlreadyRegisteredAlert : MSG.invalidSignupData),
      429: MSG.tooManySignupAttempts,
    },
    MSG.signupFailed,
  );

/** 403 (unverified) is not a message: the screen offers to resend instead. */
export const loginErrorMessage = (e: unknown): string =>
  byStatus(e, { 400: (err) => err.message, 429: MSG.tooManyLoginAttempts }, MSG.loginFailed);

export const resendErrorMessage = (e: unknown): string =>
  byStatus(e, { 404: MSG.userNotFound, 429: MSG.tooManyRequests, 400: MSG.invalidEmailAddress }, MSG.resendVerificationFailed);

// Spec §8: only a 404 has its own words; any other API error says the same thing.
export const forgotPasswordErrorMessage = (e: unknown): string =>
  byStatus(e, { 404: MSG.userNotFound }, MSG.resendVerificationFailed);

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
