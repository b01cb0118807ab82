import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { AltchaCaptcha } from './altcha';
import type { CaptchaVerifier } from './captcha-verifier';
import { RecaptchaCaptcha } from './recaptcha';

/** reCAPTCHA when both of its keys are set; otherwise the self-hosted ALTCHA (works offline). */
export function createCaptcha(config: AppConfig, db: Db): CaptchaVerifier {
  if (config.RECAPTCHA_SITE_KEY && config.RECAPTCHA_SECRET) {
    return new RecaptchaCaptcha(config.RECAPTCHA_SECRET, config.RECAPTCHA_VERIFY_URL);
  }
  return new AltchaCaptcha(db, { hmacKey: config.ALTCHA_HMAC_KEY, maxNumber: config.ALTCHA_MAX_NUMBER });
}
