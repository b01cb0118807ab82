import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import { authEvents, sessions, users } from '../../db/schema';
import { createSession } from './session-store';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { randomIp, signUpAndLogin, solveCaptcha } from '../../../test/fixtures';

const CLIENT_ID = 'lbs-test.apps.googleusercontent.com';

interface FakeAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  aud?: string;
  expired?: boolean;
}

/** Stands in for Google's token-info and user-info endpoints (GOOGLE_API_BASE_URL points here). */
const accounts = new Map<string, FakeAccount>();
const google = http.createServer((req, res) => {
  const url = new URL(req.url!, 'http://google.test');
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === '/oauth2/v3/tokeninfo') {
    const a = accounts.get(url.searchParams.get('access_token') ?? '');
    if (!a) return send(400, { error_description: 'Invalid Value' });
    const exp = Math.floor(Date.now() / 1000) + (a.expired ? -60 : 3600);
    return send(200, { aud: a.aud ?? CLIENT_ID, azp: a.aud ?? CLIENT_ID, sub: a.sub, exp: String(exp), email: a.email, email_verified: String(a.email_verified) });
  }
  if (url.pathname === '/oauth2/v3/userinfo') {
    const a = accounts.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!a) return send(401, { error: 'invalid_request' });
    return send(200, { sub: a.sub, email: a.email, email_verified: a.email_verified, name: 'Gina Google', given_name: 'Gina', family_name: 'Google', picture: 'https://lh3.googleusercontent.com/a/photo' });
  }
  send(404, {});
});

let t: TestApp;
let unconfigured: TestApp;

beforeAll(async () => {
  await new Promise<void>((r) => google.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
  t = await buildTestApp({ ALTCHA_MAX_NUMBER: '1000', GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_API_BASE_URL: base });
  unconfigured = await buildTestApp({ ALTCHA_MAX_NUMBER: '1000' });
});
afterAll(async () => {
  await t.close();
  await unconfigured.close();
  await new Promise((r) => google.close(r));
});

let n = 0;
function googleAccount(overrides: Partial<FakeAccount> = {}): { token: string; account: FakeAccount } {
  n += 1;
  const account: FakeAccount = { sub: `1000${n}${Date.now()}`, email: `gina.${n}.${Date.now()}@gmail.com`, email_verified: true, ...overrides };
  const token = `ya29.test-${n}-${Math.random().toString(36).slice(2)}`;
  accounts.set(token, account);
  return { token, account };
}

async function googleCall(app: TestApp, id_token: string, mode: 'signup' | 'signin', captcha?: string | null, extra: object = {}) {
  const recaptchaToken = captcha === undefined ? await solveCaptcha(app.app) : captcha;
  return app.app.inject({
    method: 'POST',
    url: '/api/users/google-signin',
    remoteAddress: randomIp(),
    payload: recaptchaToken === null ? { id_token, mode, ...extra } : { id_token, mode, recaptchaToken, ...extra },
  });
}

describe('POST /api/users/google-signin', () => {
  it("sign-up creates a verified account keyed on Google's subject id and signs it in", async () => {
    const { token, account } = googleAccount();
    const res = await googleCall(t, token, 'signup');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: account.email, is_email_verified: true, role: 'user', first_name: 'Gina', last_name: 'Google' });
    expect(body.access_token).toBeTruthy();
    const [row] = await t.db.select().from(users).where(eq(users.email, account.email));
    expect(row!.googleSub).toBe(account.sub);
    expect(row!.passwordHash).toBeNull();

    const again = await googleCall(t, token, 'signup');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: MSG.emailAlreadyRegistered });

    const signin = await googleCall(t, token, 'signin');
    expect(signin.statusCode).toBe(200);
    expect(signin.json().user.id).toBe(body.user.id);
  });

  it('sign-up keeps the time zone the page preselected (issue 21); a later sign-in does not change it', async () => {
    const { token, account } = googleAccount();
    expect((await googleCall(t, token, 'signup', undefined, { time_zone: 'Asia/Makassar' })).statusCode).toBe(200);
    const zoneOf = async () => (await t.db.select().from(users).where(eq(users.email, account.email)))[0]!.timeZone;
    expect(await zoneOf()).toBe('Asia/Makassar');
    expect((await googleCall(t, token, 'signin', undefined, { time_zone: 'Asia/Jakarta' })).statusCode).toBe(200);
    expect(await zoneOf()).toBe('Asia/Makassar');
    const other = googleAccount();
    expect((await googleCall(t, other.token, 'signup', undefined, { time_zone: 'Asia/Bangkok' })).statusCode).toBe(400);
  });

  it('sign-in with no account answers 404 and creates none', async () => {
    const { token, account } = googleAccount();
    const res = await googleCall(t, token, 'signin');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: MSG.googleAccountNotFound });
    expect(await t.db.select().from(users).where(eq(users.email, account.email))).toHaveLength(0);
  });

  it('sign-in links Google to an existing password account with the same verified address', async () => {
    const u = await signUpAndLogin(t.app, { email: `linked.${Date.now()}@gmail.com` });
    const { token, account } = googleAccount({ email: u.email });
    const res = await googleCall(t, token, 'signin');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(u.id);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.googleSub).toBe(account.sub);
    // the owner proved the address already: the password and the open session stay
    expect(row!.passwordHash).toBeTruthy();
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: u.headers });
    expect(me.statusCode).toBe(200);
  });

  it('sign-in to an unverified pre-registered account clears its password and revokes its sessions (no takeover)', async () => {
    // Someone else signs up with the victim's address and a password of their own, never verifying it.
    const email = `victim.${Date.now()}@gmail.com`;
    const password = 'Attacker-Chosen-9-Pass!';
    const ip = randomIp();
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      remoteAddress: ip,
      payload: { user: { username: 'squatter', email, password }, recaptchaToken: await solveCaptcha(t.app, ip) },
    });
    expect(signup.statusCode).toBe(201);
    const [before] = await t.db.select().from(users).where(eq(users.email, email));
    expect(before!.isEmailVerified).toBe(false);
    expect(before!.passwordHash).toBeTruthy();
    const squatterSession = await createSession(t.db, before!.id);

    // The real owner signs in with Google.
    const { token, account } = googleAccount({ email });
    const res = await googleCall(t, token, 'signin');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(before!.id);
    const ownerToken = res.json().access_token as string;

    const [after] = await t.db.select().from(users).where(eq(users.id, before!.id));
    expect(after).toMatchObject({ googleSub: account.sub, isEmailVerified: true, passwordHash: null });
    // the squatter's session is revoked, the owner's new one is live
    const [old] = await t.db.select().from(sessions).where(eq(sessions.id, squatterSession.sessionId));
    expect(old!.revokedAt).not.toBeNull();
    const meAs = (bearer: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${bearer}` } });
    expect((await meAs(squatterSession.token)).statusCode).toBe(401);
    expect((await meAs(ownerToken)).statusCode).toBe(200);
    const live = await t.db.select().from(sessions).where(and(eq(sessions.userId, before!.id), isNull(sessions.revokedAt)));
    expect(live).toHaveLength(1);
    // the squatter's password no longer signs in
    const ip2 = randomIp();
    const pw = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      remoteAddress: ip2,
      payload: { user: { email, password }, recaptchaToken: await solveCaptcha(t.app, ip2) },
    });
    expect(pw.statusCode).toBe(400);
    const events = await t.db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.userId, before!.id), eq(authEvents.event, 'google_claimed_unverified')));
    expect(events).toHaveLength(1);
    expect(events[0]!.email).toBe(email);
  });

  it('refuses a token issued to another client id, an expired one, an unknown one and an unverified Google address', async () => {
    const cases = [
      googleAccount({ aud: 'someone-else.apps.googleusercontent.com' }),
      googleAccount({ expired: true }),
      { token: 'ya29.unknown', account: { email: 'nobody@gmail.com' } as FakeAccount },
    ];
    for (const c of cases) {
      const res = await googleCall(t, c.token, 'signup');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: MSG.googleTokenRejected });
      expect(await t.db.select().from(users).where(eq(users.email, c.account.email))).toHaveLength(0);
    }
    const unverified = googleAccount({ email_verified: false });
    const res = await googleCall(t, unverified.token, 'signup');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: MSG.googleEmailNotVerified });
  });

  it('requires a CAPTCHA answer', async () => {
    const { token, account } = googleAccount();
    expect((await googleCall(t, token, 'signup', null)).statusCode).toBe(400);
    const bad = await googleCall(t, token, 'signup', 'forged');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: MSG.captchaFailed });
    expect(await t.db.select().from(users).where(eq(users.email, account.email))).toHaveLength(0);
  });

  it('refuses an unknown mode', async () => {
    const { token } = googleAccount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/google-signin',
      remoteAddress: randomIp(),
      payload: { id_token: token, mode: 'admin', recaptchaToken: await solveCaptcha(t.app) },
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 when Google sign-in is not configured', async () => {
    const { token } = googleAccount();
    const res = await googleCall(unconfigured, token, 'signup');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: MSG.googleNotConfigured });
  });
});
