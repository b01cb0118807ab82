import crypto from 'node:crypto';

/**
 * The secrets NODE_ENV=production refuses to start without (config.ts), with throwaway values, for
 * tests that build the app as production runs it. The licence signing key is a fresh Ed25519 key.
 */
export const PRODUCTION_TEST_ENV = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  STRIPE_SECRET_KEY: 'sk_test_dummy',
  STRIPE_WEBHOOK_SECRET: 'whsec_dummy',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_dummy',
  METRICS_TOKEN: 'metrics-token-for-tests-0123456789',
  LICENSE_SIGNING_KEY: crypto.generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
} as const;
