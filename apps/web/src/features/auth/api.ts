import { apiRequest } from '../../lib/api-request';
import { loadPublicConfig } from '../../lib/public-config';
import type { SessionUser } from '../session/user-slice';

/** What every call that signs the user in answers. */
export interface SessionResponse {
  user: SessionUser;
  access_token: string;
}

export const authApi = {
  signUp: (user: { username: string; email: string; password: string }, recaptchaToken: string) =>
    apiRequest<{ user: SessionUser }>({ url: '/users/signup', method: 'POST', body: { user, recaptchaToken } }),

  signIn: (user: { email: string; password: string }, recaptchaToken: string) =>
    apiRequest<SessionResponse>({ url: '/users/signin', method: 'POST', body: { user, recaptchaToken } }),

  googleSignIn: (idToken: string, recaptchaToken: string, mode: 'signup' | 'signin') =>
    apiRequest<SessionResponse>({ url: '/users/google-signin', method: 'POST', body: { id_token: idToken, recaptchaToken, mode } }),

  resendVerification: (email: string) =>
    apiRequest<{ detail: string }>({ url: '/users/resend-verification', method: 'POST', params: { email } }),

  verifyEmail: (token: string) => apiRequest<SessionResponse>({ url: `/users/verify-email/${encodeURIComponent(token)}` }),

  forgotPassword: (email: string) => apiRequest<{ detail: string }>({ url: '/users/forgot-password', params: { email } }),

  verifyResetToken: (token: string) => apiRequest<{ email: string }>({ url: '/users/verify-reset-password', params: { token } }),

  resetPassword: (body: { email: string; new_pwd: string; token?: string }) =>
    apiRequest<{ detail: string }>({ url: '/users/reset-password', method: 'POST', body }),
};

export interface AuthPublicConfig {
  captcha: 'altcha' | 'recaptcha';
  recaptcha_site_key: string | null;
  google_client_id: string | null;
}

/** The auth part of GET /config/public (lib/public-config loads it once for every screen). */
export function loadAuthConfig(): Promise<AuthPublicConfig> {
  return loadPublicConfig().then((c) => c.auth);
}
