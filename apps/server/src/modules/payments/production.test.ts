import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';

describe('the local pay page in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      STRIPE_SECRET_KEY: 'sk_test_dummy',
      STRIPE_WEBHOOK_SECRET: 'whsec_dummy',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_dummy',
    });
  });
  afterAll(() => t?.close());

  it('does not exist', async () => {
    const session = `lps_${'a'.repeat(43)}`;
    for (const [method, url] of [
      ['GET', `/dev/pay/${session}`],
      ['POST', `/dev/pay/${session}/pay`],
      ['POST', `/dev/pay/${session}/cancel`],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
