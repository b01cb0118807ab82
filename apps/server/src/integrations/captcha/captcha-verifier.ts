/** What sign-up, sign-in and Google calls need from a CAPTCHA: one yes or no per answer. */
export interface CaptchaVerifier {
  readonly kind: 'altcha' | 'recaptcha';
  /** True only for a valid answer seen for the first time. Never throws for bad input. */
  verify(token: string, remoteIp?: string): Promise<boolean>;
}
