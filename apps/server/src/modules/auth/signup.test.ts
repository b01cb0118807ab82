import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import { authEvents, users } from '../../db/schema';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { randomIp, solveCaptcha } from '../../../test/fixtures';

let t: TestApp;
const PUBLIC_URL = 'https://shop.example.test';
const PASSWORD = 'Correct-Horse-9-Battery!';

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL, ALTCHA_MAX_NUMBER: '1000' });
});
afterAll(() => t.close());

const uniqueEmail = () => `signup.${Math.random().toString(36).slice(2)}@example.com`;

async function signup(payload: unknown, ip = randomIp(), headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/users/signup', payload: payload as object, remoteAddress: ip, headers });
}
const usersWithEmail = (email: string) => t.db.select().from(users).where(eq(users.email, email));

describe('POST /api/users/signup', () => {
  it('creates an unverified user, hashes the password with argon2id and mails a link built from PUBLIC_URL', async () => {
    const email = uniqueEmail();
    const ip = randomIp();
    const res = await signup(
      { user: { username: 'Booth Owner', email, password: PASSWORD }, recaptchaToken: await solveCaptcha(t.app, ip) },
      ip,
      { host: 'evil.example.org', 'x-forwarded-host': 'evil.example.org' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { user } = res.json();
    expect(user).toMatchObject({ username: 'Booth Owner', email, role: 'user', is_email_verified: false });
    expect(JSON.stringify(res.json())).not.toMatch(/argon2|password/i);

    const [row] = await usersWithEmail(email);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [mail] = await mailTo(t.app, email);
    expect(mail!.subject).toBe('Verify your email address');
    expect(mail!.text).toMatch(new RegExp(`${PUBLIC_URL}/verify-email/[A-Za-z0-9_-]{43}`));
    expect(mail!.text + mail!.html).not.toContain('evil.example.org');
    expect(mail!.html).toContain(`${PUBLIC_URL}/verify-email/`);

    const events = await t.db.select().from(authEvents).where(eq(authEvents.userId, row!.id));
    expect(events.map((e) => e.event)).toEqual(['signup']);
    expect(JSON.stringify(events)).not.toContain(PASSWORD);
  });

  it('keeps the time zone the form preselected (issue 21), Singapore without one, and refuses an unlisted one', async () => {
    const jakarta = uniqueEmail();
    const res = await signup({ user: { username: 'Jakarta', email: jakarta, password: PASSWORD, time_zone: 'Asia/Jakarta' }, recaptchaToken: await solveCaptcha(t.app) });
    expect(res.statusCode, res.body).toBe(201);
    expect((await usersWithEmail(jakarta))[0]!.timeZone).toBe('Asia/Jakarta');

    const plain = uniqueEmail();
    expect((await signup({ user: { username: 'Plain', email: plain, password: PASSWORD }, recaptchaToken: await solveCaptcha(t.app) })).statusCode).toBe(201);
    expect((await usersWithEmail(plain))[0]!.timeZone).toBe('Asia/Singapore');

    const bangkok = uniqueEmail();
    const refused = await signup({ user: { username: 'Bangkok', email: bangkok, password: PASSWORD, time_zone: 'Asia/Bangkok' }, recaptchaToken: await solveCaptcha(t.app) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toContain('Choose one of the listed time zones');
    expect(await usersWithEmail(bangkok)).toEqual([]);
  });

  it('normalises the address (trimmed, lower-cased) and refuses it again in any case', async () => {
    const local = `Mixed.${Math.random().toString(36).slice(2)}`;
    const res = await signup({
      user: { username: 'Mixed', email: `  ${local}@Example.COM `, password: PASSWORD },
      recaptchaToken: await solveCaptcha(t.app),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.email).toBe(`${local.toLowerCase()}@example.com`);

    const again = await signup({
      user: { username: 'Other', email: `${local.toUpperCase()}@EXAMPLE.com`, password: PASSWORD },
      recaptchaToken: await solveCaptcha(t.app),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: MSG.emailAlreadyRegistered });
    expect(await usersWithEmail(`${local.toLowerCase()}@example.com`)).toHaveLength(1);
  });

  it('ignores role and is_email_verified slipped into the user object', async () => {
    const email = uniqueEmail();
    const res = await signup({
      user: { username: 'Sneaky', email, password: PASSWORD, role: 'admin', is_email_verified: true, isEmailVerified: true },
      recaptchaToken: await solveCaptcha(t.app),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ role: 'user', is_email_verified: false });
    const [row] = await usersWithEmail(email);
    expect(row).toMatchObject({ role: 'user', isEmailVerified: false });
  });

  it('refuses an unknown top-level field, and creates nothing', async () => {
    const email = uniqueEmail();
    const res = await signup({ user: { username: 'X', email, password: PASSWORD }, recaptchaToken: await solveCaptcha(t.app), role: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/role/);
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it.each([
    ['a short password', { username: 'X', password: 'Short-1a' }, MSG.passwordRule],
    ['a password without a special character', { username: 'X', password: 'NoSpecialChars123' }, MSG.passwordRule],
    ['a blank user name', { username: '   ', password: PASSWORD }, MSG.usernameRequired],
  ])('refuses %s with 400 naming the rule, and creates nothing', async (_label, fields, message) => {
    const email = uniqueEmail();
    const res = await signup({ user: { ...fields, email }, recaptchaToken: await solveCaptcha(t.app) });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(message);
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it('refuses an invalid address', async () => {
    const res = await signup({ user: { username: 'X', email: 'not-an-address', password: PASSWORD }, recaptchaToken: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(MSG.invalidEmail);
  });

  it('cannot skip the CAPTCHA: missing, forged, tampered or replayed answers create no account', async () => {
    const emails = [uniqueEmail(), uniqueEmail(), uniqueEmail(), uniqueEmail(), uniqueEmail()];
    const user = (email: string) => ({ username: 'Bot', email, password: PASSWORD });

    const missing = await signup({ user: user(emails[0]!) });
    expect(missing.statusCode).toBe(400);

    const forged = await signup({ user: user(emails[1]!), recaptchaToken: Buffer.from('{"number":1}').toString('base64') });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ detail: MSG.captchaFailed });

    const solved = JSON.parse(Buffer.from(await solveCaptcha(t.app), 'base64').toString());
    const wrongNumber = Buffer.from(JSON.stringify({ ...solved, number: solved.number + 1 })).toString('base64');
    expect((await signup({ user: user(emails[2]!), recaptchaToken: wrongNumber })).statusCode).toBe(400);

    const good = await solveCaptcha(t.app);
    expect((await signup({ user: user(emails[3]!), recaptchaToken: good })).statusCode).toBe(201);
    const replay = await signup({ user: user(emails[4]!), recaptchaToken: good });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ detail: MSG.captchaFailed });

    for (const e of [emails[0]!, emails[1]!, emails[2]!, emails[4]!]) expect(await usersWithEmail(e)).toHaveLength(0);
    const failures = await t.db.select().from(authEvents).where(eq(authEvents.event, 'captcha_failed'));
    expect(failures.length).toBeGreaterThanOrEqual(3);
  });

  it('lets exactly one of two simultaneous sign-ups for one address through', async () => {
    const email = uniqueEmail();
    const [a, b] = await Promise.all([
      signup({ user: { username: 'A', email, password: PASSWORD }, recaptchaToken: await solveCaptcha(t.app) }),
      signup({ user: { username: 'B', email, password: PASSWORD }, recaptchaToken: await solveCaptcha(t.app) }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    expect([a, b].find((r) => r.statusCode === 400)!.json()).toEqual({ detail: MSG.emailAlreadyRegistered });
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it('answers 429 with a detail once one client has tried 10 times in 10 minutes', async () => {
    const ip = randomIp();
    const body = { user: { username: 'X', email: 'bad', password: PASSWORD }, recaptchaToken: 'x' };
    for (let i = 0; i < 10; i++) expect((await signup(body, ip)).statusCode).toBe(400);
    const limited = await signup(body, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: MSG.tooManyRequests });
    // another client is unaffected
    expect((await signup(body, randomIp())).statusCode).toBe(400);
  });
});
