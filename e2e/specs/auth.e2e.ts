import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, closeBrowser } from '../support/browser';
import { createVerifiedUser, solveCaptcha } from '../support/auth';

afterAll(closeBrowser);

describe('auth helpers', () => {
  it('createVerifiedUser makes an account that can sign in', async () => {
    const { email, password } = await createVerifiedUser();
    const res = await fetch(`${baseUrl()}/api/users/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: { email, password }, recaptchaToken: await solveCaptcha() }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ email, is_email_verified: true });
  });
});
