import type { AppConfig } from '../../config';

export interface AuthPublicConfig {
  captcha: 'altcha' | 'recaptcha';
  /** Public by design (it is embedded in the page); the secret never leaves the server. */
  recaptcha_site_key: string | null;
  /** Null hides the Google buttons. */
  google_client_id: string | null;
}

/** What the auth screens need to know; mirrors the choice made in createCaptcha. */
export function authPublicConfig(config: AppConfig): AuthPublicConfig {
  const recaptcha = Boolean(config.RECAPTCHA_SITE_KEY && config.RECAPTCHA_SECRET);
  return {
    captcha: recaptcha ? 'recaptcha' : 'altcha',
    recaptcha_site_key: recaptcha ? config.RECAPTCHA_SITE_KEY! : null,
    google_client_id: config.GOOGLE_CLIENT_ID ?? null,
  };
}
