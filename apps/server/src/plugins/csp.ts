import type { AppConfig } from '../config';

/**
 * Strict by default: only our own scripts. Third parties are allowed only when configured
 * (reCAPTCHA, Google sign-in, Stripe.js) or on click (video embeds).
 */
export function contentSecurityPolicy(config: AppConfig): Record<string, string[] | null> {
  // 'wasm-unsafe-eval' lets our own WebAssembly compile (the QR reader of the offline activation
  // page); it allows no JavaScript eval.
  const script = ["'self'", "'wasm-unsafe-eval'"];
  const frame = ["'self'", 'https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'];
  const connect = ["'self'"];
  if (config.RECAPTCHA_SITE_KEY) {
    script.push('https://www.google.com', 'https://www.gstatic.com');
    frame.push('https://www.google.com');
  }
  if (config.GOOGLE_CLIENT_ID) {
    script.push('https://accounts.google.com');
    frame.push('https://accounts.google.com');
    connect.push('https://accounts.google.com', 'https://www.googleapis.com');
  }
  if (config.STRIPE_PUBLISHABLE_KEY) {
    // Stripe.js, loaded only when a renewal is paid on session (Stripe's documented CSP).
    script.push('https://js.stripe.com', 'https://*.js.stripe.com');
    frame.push('https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com');
    connect.push('https://api.stripe.com');
  }
  return {
    defaultSrc: ["'self'"],
    scriptSrc: script,
    // The ALTCHA widget solves its proof of work in a blob: worker.
    workerSrc: ["'self'", 'blob:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: connect,
    frameSrc: frame,
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", 'https://checkout.stripe.com'],
    frameAncestors: ["'none'"],
    // Helmet adds upgrade-insecure-requests unless told not to; plain-http localhost needs it off.
    upgradeInsecureRequests: config.isProduction ? [] : null,
  };
}
