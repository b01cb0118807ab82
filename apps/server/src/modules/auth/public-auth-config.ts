import type { TAuthPublicConfig } from '@lbs/domain/responses';
import type { AppConfig } from '../../config';

/** The reCAPTCHA site key is public by design (embedded in the page); the secret never leaves. */
export type AuthPublicConfig = TAuthPublicConfig;

/** What the auth screens need to know; mirrors the choice made in createCaptcha. */
export function authPublicConfig(config: AppConfig): AuthPublicConfig {
  const recaptcha = Boolean(config.RECAPTCHA_SITE_KEY && config.RECAPTCHA_SECRET);
  return {
    captcha: recaptcha ? 'recaptcha' : 'altcha',
    recaptcha_site_key: recaptcha ? config.RECAPTCHA_SITE_KEY! : null,
    google_client_id: config.GOOGLE_CLIENT_ID ?? null,
  };
}
