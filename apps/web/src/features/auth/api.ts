import type { DisplayTimeZone } from '@lbs/domain/preferences';
import type { TAuthPublicConfig, TMessage, TResetLink, TSession, TSignedUp } from '@lbs/domain/responses';
import { apiRequest } from '../../lib/api-request';
import { loadPublicConfig } from '../../lib/public-config';

/** What every call that signs the user in answers. */
export type SessionResponse = TSession;

export const authApi = {
  signUp: (user: { username: string; email: string; password: string; time_zone?: DisplayTimeZone }, recaptchaToken: string) =>
    apiRequest<TSignedUp>({ url: '/users/signup', method: 'POST', body: { user, recaptchaToken } }),

  signIn: (user: { email: string; password: string }, recaptchaToken: string) =>
    apiRequest<SessionResponse>({ url: '/users/signin', method: 'POST', body: { user, recaptchaToken } }),

  /** `timeZone`: the zone of the account a sign-up creates (an existing account keeps its own). */
  googleSignIn: (idToken: string, recaptchaToken: string, mode: 'signup' | 'signin', timeZone?: DisplayTimeZone) =>
    apiRequest<SessionResponse>({
      url: '/users/google-signin',
      method: 'POST',
      body: { id_token: idToken, recaptchaToken, mode, ...(timeZone ? { time_zone: timeZone } : {}) },
    }),

  resendVerification: (email: string) =>
    apiRequest<TMessage>({ url: '/users/resend-verification', method: 'POST', params: { email } }),

  verifyEmail: (token: string) => apiRequest<SessionResponse>({ url: `/users/verify-email/${encodeURIComponent(token)}` }),

  forgotPassword: (email: string) => apiRequest<TMessage>({ url: '/users/forgot-password', params: { email } }),

  verifyResetToken: (token: string) => apiRequest<TResetLink>({ url: '/users/verify-reset-password', params: { token } }),

  resetPassword: (body: { email: string; new_pwd: string; token?: string }) =>
    apiRequest<TMessage>({ url: '/users/reset-password', method: 'POST', body }),
};

export type AuthPublicConfig = TAuthPublicConfig;

/** The auth part of GET /config/public (lib/public-config loads it once for every screen). */
export function loadAuthConfig(): Promise<AuthPublicConfig> {
  return loadPublicConfig().then((c) => c.auth);
}
