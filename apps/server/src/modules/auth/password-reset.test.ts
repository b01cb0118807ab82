import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import { authEvents, emailTokens, users } from '../../db/schema';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { requestPasswordReset } from './password-reset';
import { createUserWithSession, randomIp, signUpAndLogin, solveCaptcha, type SignedUpUser } from '../../../test/fixtures';

let t: TestApp;
const PUBLIC_URL = 'https://shop.example.test';
const NEW_PASSWORD = 'Brand-New-Secret-42?';

beforeAll(async () => {
  t = await buildTestApp({ ALTCHA_MAX_NUMBER: '1000', PUBLIC_URL });
});
afterAll(() => t.close());

const uniqueEmail = () => `reset.${Math.random().toString(36).slice(2)}@example.com`;
const forgot = (email: string, ip = randomIp()) =>
  t.app.inject({ method: 'GET', url: '/api/users/forgot-password', query: { email }, remoteAddress: ip });
const check = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/verify-reset-password', query: { token }, remoteAddress: randomIp() });
const reset = (payload: object, headers: Record<string, string> = {}, ip = randomIp()) =>
  t.app.inject({ method: 'POST', url: '/api/users/reset-password', payload, headers, remoteAddress: ip });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
const signin = async (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/signin',
    remoteAddress: randomIp(),
    payload: { user: { email, password }, recaptchaToken: await solveCaptcha(t.app) },
  });
const passwordHashOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!.passwordHash;

async function resetTokenFor(u: SignedUpUser): Promise<string> {
  expect((await forgot(u.email)).statusCode).toBe(200);
  const [mail] = await mailTo(t.app, u.email);
  expect(mail!.subject).toBe('Reset your password');
  const m = new RegExp(`${PUBLIC_URL}/new-password/([A-Za-z0-9_-]+)`).exec(mail!.text);
  expect(m).not.toBeNull();
  return m![1]!;
}

describe('GET /api/users/forgot-password', () => {
  it('answers known and unknown addresses alike, and mails only the known one', async () => {
    const u = await signUpAndLogin(t.app);
    const unknown = uniqueEmail();
    const started = Date.now();
    const known = await forgot(u.email);
    const knownMs = Date.now() - started;
    const started2 = Date.now();
    const other = await forgot(unknown);
    const unknownMs = Date.now() - started2;
    expect(known.statusCode).toBe(200);
    expect(other.statusCode).toBe(200);
    expect(known.body).toBe(other.body);
    expect(known.json()).toEqual({ detail: MSG.resetLinkSentIfAccount });
    // both wait out the same floor, so timing does not tell them apart
    expect(knownMs).toBeGreaterThanOrEqual(145);
    expect(unknownMs).toBeGreaterThanOrEqual(145);
    expect((await mailTo(t.app, u.email)).filter((m) => m.subject === 'Reset your password')).toHaveLength(1);
    expect(await mailTo(t.app, unknown)).toHaveLength(0);
  });

  it('mails one link per address per minute (429 after that)', async () => {
    const email = uniqueEmail();
    expect((await forgot(email)).statusCode).toBe(200);
    const limited = await forgot(email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: MSG.tooManyRequests });
  });

  it('refuses a malformed address with 400', async () => {
    expect((await forgot('not-an-address')).statusCode).toBe(400);
  });
});

describe('reset with the mailed link', () => {
  it('checks the link, sets the new password, revokes every session and spends the link', async () => {
    const u = await signUpAndLogin(t.app);
    const token = await resetTokenFor(u);

    const checked = await check(token);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ email: u.email });

    const res = await reset({ email: u.email, new_pwd: NEW_PASSWORD, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: MSG.passwordResetSuccess });
    expect((await me(u.token)).statusCode).toBe(401);
    expect((await signin(u.email, u.password)).statusCode).toBe(400);
    expect((await signin(u.email, NEW_PASSWORD)).statusCode).toBe(200);

    expect((await check(token)).statusCode).toBe(400);
    const reuse = await reset({ email: u.email, new_pwd: 'Yet-Another-Secret-7!', token });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ detail: MSG.linkExpiredOrInvalid });
    expect((await signin(u.email, NEW_PASSWORD)).statusCode).toBe(200);
    const logged = await t.db.select().from(authEvents).where(and(eq(authEvents.userId, u.id), eq(authEvents.event, 'password_reset')));
    expect(logged).toHaveLength(1);
  });

  it('a newer reset mail makes the older link stop working', async () => {
    const u = await signUpAndLogin(t.app);
    const first = await resetTokenFor(u);
    // The route allows one mail a minute per address; the second request goes to the service.
    await requestPasswordReset(t.ctx, u.email, { ip: null, userAgent: null });
    const [latest] = await mailTo(t.app, u.email);
    const newest = /\/new-password\/([A-Za-z0-9_-]+)/.exec(latest!.text)![1]!;
    expect(newest).not.toBe(first);
    expect((await check(first)).statusCode).toBe(400);
    expect((await check(newest)).statusCode).toBe(200);
  });

  it('refuses an expired link and changes nothing', async () => {
    const u = await signUpAndLogin(t.app);
    const token = await resetTokenFor(u);
    await t.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailTokens.userId, u.id));
    const before = await passwordHashOf(u.email);
    expect((await check(token)).statusCode).toBe(400);
    expect((await reset({ email: u.email, new_pwd: NEW_PASSWORD, token })).statusCode).toBe(400);
    expect(await passwordHashOf(u.email)).toBe(before);
    expect((await me(u.token)).statusCode).toBe(200);
  });

  it("refuses a link used with another account's address, and the link still works for its own", async () => {
    const u = await signUpAndLogin(t.app);
    const victim = await signUpAndLogin(t.app);
    const token = await resetTokenFor(u);
    const before = await passwordHashOf(victim.email);
    const res = await reset({ email: victim.email, new_pwd: NEW_PASSWORD, token });
    expect(res.statusCode).toBe(400);
    expect(await passwordHashOf(victim.email)).toBe(before);
    expect((await reset({ email: u.email, new_pwd: NEW_PASSWORD, token })).statusCode).toBe(200);
  });

  it('lets exactly one of several simultaneous uses of one link through', async () => {
    const u = await signUpAndLogin(t.app);
    const token = await resetTokenFor(u);
    const passwords = ['First-Winner-Pass1!', 'Second-Winner-Pass2!', 'Third-Winner-Pass3!'];
    const results = await Promise.all(passwords.map((p) => reset({ email: u.email, new_pwd: p, token })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    const winner = passwords[results.findIndex((r) => r.statusCode === 200)]!;
    expect((await signin(u.email, winner)).statusCode).toBe(200);
  });

  it('refuses a weak new password and spends nothing', async () => {
    const u = await signUpAndLogin(t.app);
    const token = await resetTokenFor(u);
    const res = await reset({ email: u.email, new_pwd: 'weak', token });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(MSG.passwordRule);
    expect((await check(token)).statusCode).toBe(200);
  });
});

describe('reset without a link (the profile screen)', () => {
  it('refuses a caller with neither link nor session: 401, nothing changes', async () => {
    const u = await signUpAndLogin(t.app);
    const before = await passwordHashOf(u.email);
    const res = await reset({ email: u.email, new_pwd: NEW_PASSWORD, current_pwd: u.password });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: MSG.resetNeedsProof });
    expect(await passwordHashOf(u.email)).toBe(before);
  });

  it("refuses a signed-in user changing someone else's password: 403, nothing changes", async () => {
    const attacker = await signUpAndLogin(t.app);
    const victim = await signUpAndLogin(t.app);
    const before = await passwordHashOf(victim.email);
    const res = await reset({ email: victim.email, new_pwd: NEW_PASSWORD, current_pwd: victim.password }, attacker.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: MSG.resetOwnPasswordOnly });
    expect(await passwordHashOf(victim.email)).toBe(before);
  });

  it('lets the signed-in owner change it with the current password: this session stays, the others are revoked', async () => {
    const u = await signUpAndLogin(t.app);
    const other = (await signin(u.email, u.password)).json().access_token as string;
    const res = await reset({ email: u.email, new_pwd: NEW_PASSWORD, current_pwd: u.password }, u.headers);
    expect(res.statusCode).toBe(200);
    expect((await me(u.token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await signin(u.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a stolen session alone cannot change it: without the current password, 400 and every session stays', async () => {
    const u = await signUpAndLogin(t.app);
    const other = (await signin(u.email, u.password)).json().access_token as string;
    const before = await passwordHashOf(u.email);
    for (const payload of [
      { email: u.email, new_pwd: NEW_PASSWORD },
      { email: u.email, new_pwd: NEW_PASSWORD, current_pwd: '' },
    ]) {
      const res = await reset(payload, u.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: MSG.currentPasswordRequired });
    }
    expect(await passwordHashOf(u.email)).toBe(before);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('a wrong current password is a 400 that changes nothing and revokes nothing', async () => {
    const u = await signUpAndLogin(t.app);
    const other = (await signin(u.email, u.password)).json().access_token as string;
    const before = await passwordHashOf(u.email);
    const res = await reset({ email: u.email, new_pwd: NEW_PASSWORD, current_pwd: 'Not-The-Password-1!' }, u.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: MSG.currentPasswordWrong });
    expect(await passwordHashOf(u.email)).toBe(before);
    expect((await me(other)).statusCode).toBe(200);
    const [event] = await t.db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.email, u.email), eq(authEvents.event, 'password_change_failed')));
    expect(event).toBeDefined();
  });

  it('guessing the current password is limited per account, whatever the client address', async () => {
    const u = await signUpAndLogin(t.app);
    for (let i = 0; i < 5; i++) {
      const res = await reset({ email: u.email, new_pwd: NEW_PASSWORD, current_pwd: `Wrong-Guess-${i}!x` }, u.headers);
      expect(res.statusCode).toBe(400);
    }
    const limited = await reset({ email: u.email, new_pwd: NEW_PASSWORD, current_pwd: u.password }, u.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: MSG.tooManyRequests });
    expect(await signin(u.email, NEW_PASSWORD).then((r) => r.statusCode)).toBe(400);
  });

  it('an account without a password (Google only) is told to set one through the reset mail', async () => {
    const u = await createUserWithSession(t.db);
    const res = await reset({ email: u.email, new_pwd: NEW_PASSWORD, current_pwd: 'Anything-At-All-1!' }, u.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: MSG.noPasswordUseReset });
    expect(await passwordHashOf(u.email)).toBeNull();
  });

  it('a revoked session is no proof', async () => {
    const u = await signUpAndLogin(t.app);
    await t.app.inject({ method: 'POST', url: '/api/users/signout', headers: u.headers });
    expect((await reset({ email: u.email, new_pwd: NEW_PASSWORD, current_pwd: u.password }, u.headers)).statusCode).toBe(401);
  });

  it('limits one client to 10 resets per 15 minutes', async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) expect((await reset({ email: 'x@example.com', new_pwd: 'weak' }, {}, ip)).statusCode).toBe(400);
    const limited = await reset({ email: 'x@example.com', new_pwd: 'weak' }, {}, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: MSG.tooManyRequests });
  });
});
