import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import { authEvents, sessions, users } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { randomIp, signUpAndLogin, solveCaptcha } from '../../../test/fixtures';

let t: TestApp;
const PASSWORD = 'Correct-Horse-9-Battery!';

beforeAll(async () => {
  t = await buildTestApp({ ALTCHA_MAX_NUMBER: '1000' });
});
afterAll(() => t.close());

const uniqueEmail = () => `signin.${Math.random().toString(36).slice(2)}@example.com`;

async function signin(email: string, password: string, opts: { ip?: string; captcha?: string | null } = {}) {
  const ip = opts.ip ?? randomIp();
  const recaptchaToken = opts.captcha === undefined ? await solveCaptcha(t.app, ip) : opts.captcha;
  return t.app.inject({
    method: 'POST',
    url: '/api/users/signin',
    remoteAddress: ip,
    payload: recaptchaToken === null ? { user: { email, password } } : { user: { email, password }, recaptchaToken },
  });
}

async function insertUser(email: string, verified: boolean) {
  const [u] = await t.db
    .insert(users)
    .values({ username: 'u', email, passwordHash: await hashPassword(PASSWORD), isEmailVerified: verified })
    .returning();
  return u!;
}

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });

describe('POST /api/users/signin', () => {
  it('signs a verified user in: user and access_token, and /me answers that user', async () => {
    const u = await signUpAndLogin(t.app);
    const res = await signin(u.email.toUpperCase(), u.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ user: { id: u.id, email: u.email, role: 'user', is_email_verified: true }, token_type: 'bearer' });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(body)).not.toMatch(/argon2|password/i);
    // only the token's hash is stored
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, u.id)).limit(1);
    expect(row!.tokenHash).not.toBe(body.access_token);

    const who = await me(body.access_token);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ id: u.id, email: u.email, username: u.username });
    expect(JSON.stringify(who.json())).not.toMatch(/argon2|password/i);
  });

  it('answers a wrong password and an unknown address alike (400, same detail), and logs both', async () => {
    const email = uniqueEmail();
    await insertUser(email, true);
    const wrong = await signin(email, 'Wrong-Password-1!');
    const unknown = await signin(uniqueEmail(), PASSWORD);
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: MSG.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());
    const logged = await t.db.select().from(authEvents).where(and(eq(authEvents.event, 'signin_failed'), eq(authEvents.email, email)));
    expect(logged).toHaveLength(1);
  });

  it('answers 403 with requires_verification and the address for an unverified account (correct password only)', async () => {
    const email = uniqueEmail();
    await insertUser(email, false);
    const res = await signin(email, PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: { message: MSG.emailNotVerified, requires_verification: true, email } });
    // a wrong password learns nothing about verification
    expect((await signin(email, 'Wrong-Password-1!')).statusCode).toBe(400);
  });

  it('refuses a sign-in without a CAPTCHA answer, or with a used one', async () => {
    const email = uniqueEmail();
    await insertUser(email, true);
    expect((await signin(email, PASSWORD, { captcha: null })).statusCode).toBe(400);
    const answer = await solveCaptcha(t.app);
    expect((await signin(email, PASSWORD, { captcha: answer })).statusCode).toBe(200);
    const replay = await signin(email, PASSWORD, { captcha: answer });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ detail: MSG.captchaFailed });
  });

  it('limits one client to 10 attempts a minute (429 with a detail)', async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) expect((await signin(uniqueEmail(), PASSWORD, { ip, captcha: 'x' })).statusCode).toBe(400);
    const limited = await signin(uniqueEmail(), PASSWORD, { ip, captcha: 'x' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: MSG.tooManyRequests });
  });

  it('limits one account to 10 attempts a minute from any number of clients', async () => {
    const email = uniqueEmail();
    await insertUser(email, true);
    for (let i = 0; i < 10; i++) expect((await signin(email, 'Wrong-Password-1!')).statusCode).toBe(400);
    const limited = await signin(email, PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: MSG.tooManyRequests });
    // other accounts are unaffected
    const other = uniqueEmail();
    await insertUser(other, true);
    expect((await signin(other, PASSWORD)).statusCode).toBe(200);
  });

  it('forged CAPTCHA answers do not count toward the per-account limit (no free lockout)', async () => {
    const email = uniqueEmail();
    await insertUser(email, true);
    for (let i = 0; i < 15; i++) {
      const res = await signin(email, 'Wrong-Password-1!', { ip: randomIp(), captcha: 'forged' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: MSG.captchaFailed });
    }
    const res = await signin(email, PASSWORD);
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/users/me and POST /api/users/signout', () => {
  it('answers 401 without a token or with a made-up one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    const res = await me('made-up-token');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: MSG.notAuthenticated });
  });

  it('sign-out revokes only that session: /me then answers 401 for it, the other session lives on', async () => {
    const u = await signUpAndLogin(t.app);
    const second = (await signin(u.email, u.password)).json().access_token as string;
    const out = await t.app.inject({ method: 'POST', url: '/api/users/signout', headers: u.headers });
    expect(out.statusCode).toBe(204);
    expect((await me(u.token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/signout', headers: u.headers })).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
    const events = await t.db.select().from(authEvents).where(and(eq(authEvents.userId, u.id), eq(authEvents.event, 'signout')));
    expect(events).toHaveLength(1);
  });

  it('answers 401 for an expired session', async () => {
    const u = await signUpAndLogin(t.app);
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, u.id));
    expect((await me(u.token)).statusCode).toBe(401);
  });
});
