import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, closeBrowser, newPage } from '../support/browser';
import { createVerifiedUser, loginInBrowser, solveCaptcha } from '../support/auth';

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

  it('loginInBrowser signs in through the real screen and widget', async () => {
    const { email, password } = await createVerifiedUser();
    const { context, page } = await newPage('desktop');
    await loginInBrowser(page, email, password);
    expect(new URL(page.url()).pathname).toBe('/accounts/overview');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await context.close();
  });
});
