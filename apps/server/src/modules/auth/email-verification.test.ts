import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import { authEvents, emailTokens, users } from '../../db/schema';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { randomIp, solveCaptcha } from '../../../test/fixtures';

let t: TestApp;
const PASSWORD = 'Correct-Horse-9-Battery!';

beforeAll(async () => {
  t = await buildTestApp({ ALTCHA_MAX_NUMBER: '1000', PUBLIC_URL: 'https://shop.example.test' });
});
afterAll(() => t.close());

const uniqueEmail = () => `verify.${Math.random().toString(36).slice(2)}@example.com`;
const tokenIn = (text: string) => /\/verify-email\/([A-Za-z0-9_-]+)/.exec(text)?.[1];

async function signUp(email = uniqueEmail()) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/signup',
    remoteAddress: randomIp(),
    payload: { user: { username: 'V', email, password: PASSWORD }, recaptchaToken: await solveCaptcha(t.app) },
  });
  expect(res.statusCode).toBe(201);
  const [mail] = await mailTo(t.app, email);
  return { email, token: tokenIn(mail!.text)! };
}
const verify = (token: string) => t.app.inject({ method: 'GET', url: `/api/users/verify-email/${token}`, remoteAddress: randomIp() });
const resend = (email: string, ip = randomIp()) =>
  t.app.inject({ method: 'POST', url: '/api/users/resend-verification', query: { email }, remoteAddress: ip });

describe('GET /api/users/verify-email/:token', () => {
  it('verifies the address once and signs the user in; opened again, it says the address is verified (no sign-in)', async () => {
    const { email, token } = await signUp();
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email, is_email_verified: true });
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(me.json()).toMatchObject({ email, is_email_verified: true });

    const again = await verify(token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: MSG.emailAlreadyVerified });
    const logged = await t.db.select().from(authEvents).where(and(eq(authEvents.email, email), eq(authEvents.event, 'email_verified')));
    expect(logged).toHaveLength(1);
  });

  it('refuses an expired link and leaves the account unverified', async () => {
    const { email, token } = await signUp();
    const [u] = await t.db.select().from(users).where(eq(users.email, email));
    await t.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailTokens.userId, u!.id));
    expect((await verify(token)).statusCode).toBe(400);
    const [after] = await t.db.select().from(users).where(eq(users.email, email));
    expect(after!.isEmailVerified).toBe(false);
  });

  it('still refuses a spent link whose address is not verified (another address since, or not yet)', async () => {
    const { email, token } = await signUp();
    expect((await verify(token)).statusCode).toBe(200);
    // The address was changed (and not verified yet) after the link was opened.
    await t.db.update(users).set({ email: `moved.${email}`, isEmailVerified: false }).where(eq(users.email, email));
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: MSG.linkExpiredOrInvalid });
  });

  it('refuses a made-up token', async () => {
    const res = await verify('not-a-real-token');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: MSG.linkExpiredOrInvalid });
  });

  it('records a failed link as verify_failed, with the client address', async () => {
    const ip = randomIp();
    const res = await t.app.inject({ method: 'GET', url: '/api/users/verify-email/not-a-real-token', remoteAddress: ip });
    expect(res.statusCode).toBe(400);
    const logged = await t.db.select().from(authEvents).where(and(eq(authEvents.event, 'verify_failed'), eq(authEvents.ip, ip)));
    expect(logged).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous uses of one link through', async () => {
    const { token } = await signUp();
    const results = await Promise.all([verify(token), verify(token), verify(token)]);
    // The others find the link spent and the address verified.
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });
});

describe('POST /api/users/resend-verification', () => {
  it('mails a new link to an unverified account; the earlier link still works, once, and the rest end with the verification', async () => {
    const { email, token: first } = await signUp();
    const res = await resend(email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: MSG.verificationSentIfAccount });
    const mails = await mailTo(t.app, email);
    expect(mails).toHaveLength(2);
    const second = tokenIn(mails[0]!.text)!;
    expect(second).not.toBe(first);
    // The first mail's link is opened after the resend: it works.
    expect((await verify(first)).statusCode).toBe(200);
    // Each link works once, and once the address is verified the other links are spent: each
    // then says so rather than fail.
    expect((await verify(first)).statusCode).toBe(409);
    expect((await verify(second)).json()).toEqual({ detail: MSG.emailAlreadyVerified });
  });

  it('answers unknown and already-verified addresses exactly the same, and mails neither', async () => {
    const unknown = uniqueEmail();
    const { email: verifiedEmail, token } = await signUp();
    await verify(token);
    const a = await resend(unknown);
    const b = await resend(verifiedEmail);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect(await mailTo(t.app, unknown)).toHaveLength(0);
    expect(await mailTo(t.app, verifiedEmail)).toHaveLength(1); // the sign-up mail only
  });

  it('sends one mail per address per minute (429 after that), whoever asks', async () => {
    const { email } = await signUp();
    expect((await resend(email)).statusCode).toBe(200);
    const limited = await resend(email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: MSG.tooManyRequests });
    expect(await mailTo(t.app, email)).toHaveLength(2);
  });

  it('refuses a malformed address with 400', async () => {
    const res = await resend('nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(MSG.invalidEmail);
  });
});
