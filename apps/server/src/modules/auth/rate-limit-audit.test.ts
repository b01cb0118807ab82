import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import { authEvents, users } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { randomIp, solveCaptcha } from '../../../test/fixtures';

let t: TestApp;
const PASSWORD = 'Correct-Horse-9-Battery!';
const WRONG = 'Wrong-Password-1!';

beforeAll(async () => {
  t = await buildTestApp({ ALTCHA_MAX_NUMBER: '1000' });
});
afterAll(() => t.close());

const uniqueEmail = () => `limited.${Math.random().toString(36).slice(2)}@example.com`;
const eventsFrom = (event: string, ip: string) => t.db.select().from(authEvents).where(and(eq(authEvents.event, event), eq(authEvents.ip, ip)));

/** No column of an audit row carries a password or a CAPTCHA answer. */
function expectNoSecrets(rows: object[], ...secrets: string[]) {
  const text = JSON.stringify(rows);
  for (const s of secrets) expect(text).not.toContain(s);
}

describe('rate-limited auth attempts leave an auth_events row', () => {
  it('sign-in, per client: the 429 is recorded as signin_rate_limited with the client address', async () => {
    const ip = randomIp();
    const signin = () =>
      t.app.inject({ method: 'POST', url: '/api/users/signin', remoteAddress: ip, payload: { user: { email: uniqueEmail(), password: WRONG }, recaptchaToken: 'x' } });
    for (let i = 0; i < 10; i++) expect((await signin()).statusCode).toBe(400);
    expect(await eventsFrom('signin_rate_limited', ip)).toHaveLength(0);
    const limited = await signin();
    expect(limited.statusCode).toBe(429);
    const rows = await eventsFrom('signin_rate_limited', ip);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: null, userId: null });
    expectNoSecrets(rows, WRONG);
    // A flood from the same client adds no more rows within the minute.
    for (let i = 0; i < 5; i++) expect((await signin()).statusCode).toBe(429);
    expect(await eventsFrom('signin_rate_limited', ip)).toHaveLength(1);
  });

  it('sign-in, per account: the 429 is recorded with the address it targeted', async () => {
    const email = uniqueEmail();
    await t.db.insert(users).values({ username: 'u', email, passwordHash: await hashPassword(PASSWORD), isEmailVerified: true });
    const signin = async (ip: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/users/signin', remoteAddress: ip, payload: { user: { email, password }, recaptchaToken: await solveCaptcha(t.app, ip) } });
    for (let i = 0; i < 10; i++) expect((await signin(randomIp(), WRONG)).statusCode).toBe(400);
    const ip = randomIp();
    const limited = await signin(ip, PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: MSG.tooManyRequests });
    const rows = await eventsFrom('signin_rate_limited', ip);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email).toBe(email);
    expectNoSecrets(rows, PASSWORD, WRONG);
  });

  it('sign-up: the 429 is recorded as signup_rate_limited', async () => {
    const ip = randomIp();
    const password = 'Signup-Secret-9-Pass!';
    const signup = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/signup',
        remoteAddress: ip,
        payload: { user: { username: 'someone', email: uniqueEmail(), password }, recaptchaToken: 'x' },
      });
    for (let i = 0; i < 10; i++) expect((await signup()).statusCode).toBe(400);
    expect((await signup()).statusCode).toBe(429);
    const rows = await eventsFrom('signup_rate_limited', ip);
    expect(rows).toHaveLength(1);
    expectNoSecrets(rows, password);
  });

  it('password reset: a refused forgot-password (per address) and reset-password (per client) are recorded as reset_rate_limited', async () => {
    const email = uniqueEmail();
    const ip1 = randomIp();
    const ip2 = randomIp();
    const forgot = (ip: string) => t.app.inject({ method: 'GET', url: `/api/users/forgot-password?email=${encodeURIComponent(email)}`, remoteAddress: ip });
    expect((await forgot(ip1)).statusCode).toBe(200);
    expect((await forgot(ip2)).statusCode).toBe(429);
    const forgotRows = await eventsFrom('reset_rate_limited', ip2);
    expect(forgotRows).toHaveLength(1);
    expect(forgotRows[0]!.email).toBe(email);

    const ip = randomIp();
    const newPassword = 'Reset-Secret-9-Pass!';
    const reset = () =>
      t.app.inject({ method: 'POST', url: '/api/users/reset-password', remoteAddress: ip, payload: { email: uniqueEmail(), token: 'made-up-token', new_pwd: newPassword } });
    for (let i = 0; i < 10; i++) expect((await reset()).statusCode).not.toBe(429);
    expect((await reset()).statusCode).toBe(429);
    const rows = await eventsFrom('reset_rate_limited', ip);
    expect(rows).toHaveLength(1);
    expectNoSecrets(rows, newPassword, 'made-up-token');
  });
});
