import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { CaptchaVerifier } from './captcha-verifier';

const ZSiteverify = z.object({ success: z.boolean() });

/** Google reCAPTCHA (v2 checkbox), used when RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET are set. */
export class RecaptchaCaptcha implements CaptchaVerifier {
  readonly kind = 'recaptcha' as const;

  constructor(
    private readonly secret: string,
    private readonly verifyUrl: string,
  ) {}

  async verify(token: string, remoteIp?: string): Promise<boolean> {
    if (!token || token.length > 4000) return false;
    const form = new URLSearchParams({ secret: this.secret, response: token });
    if (remoteIp) form.set('remoteip', remoteIp);
    let body: unknown;
    try {
      const res = await fetch(this.verifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(5000) });
      body = await res.json();
    } catch {
      // Google unreachable: refuse rather than wave the request through.
      throw new AppError('unavailable', 'CAPTCHA verification is unavailable. Please try again later.');
    }
    const parsed = ZSiteverify.safeParse(body);
    // Google answers success once per token, so a replayed token fails here.
    return parsed.success && parsed.data.success;
  }
}
