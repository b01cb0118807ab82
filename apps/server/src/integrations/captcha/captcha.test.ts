import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { solveChallenge } from 'altcha-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import { appSecrets, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { randomIp, solveCaptcha } from '../../../test/fixtures';
import { AltchaCaptcha } from './altcha';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ALTCHA_MAX_NUMBER: '1000' });
});
afterAll(() => t.close());

async function solve(captcha: AltchaCaptcha): Promise<string> {
  const ch = await captcha.challenge();
  const s = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
  return Buffer.from(JSON.stringify({ ...ch, number: s!.number })).toString('base64');
}

describe('ALTCHA', () => {
  it('GET /api/captcha/challenge answers a signed, expiring challenge of the configured size, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge', remoteAddress: randomIp() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const ch = res.json();
    expect(ch).toMatchObject({ algorithm: 'SHA-256', maxnumber: 1000 });
    expect(ch.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(ch.signature).toMatch(/^[0-9a-f]{64}$/);
    const expires = Number(new URLSearchParams(ch.salt.split('?')[1]).get('expires'));
    expect(expires * 1000).toBeGreaterThan(Date.now());
  });

  it('accepts a real solution once', async () => {
    const captcha = new AltchaCaptcha(t.db, { maxNumber: 1000 });
    const answer = await solve(captcha);
    expect(await captcha.verify(answer)).toBe(true);
    expect(await captcha.verify(answer)).toBe(false);
  });

  it('shares its generated key through the database: another process (instance) accepts the answer', async () => {
    const a = new AltchaCaptcha(t.db, { maxNumber: 1000 });
    const b = new AltchaCaptcha(t.db, { maxNumber: 1000 });
    const answer = await solve(a);
    expect(await b.verify(answer)).toBe(true);
    const rows = await t.db.select().from(appSecrets).where(eq(appSecrets.name, 'altcha_hmac_key'));
    expect(rows).toHaveLength(1);
  });

  it('refuses expired challenges, other keys, tampering and garbage', async () => {
    const expired = new AltchaCaptcha(t.db, { maxNumber: 1000, ttlMs: -1000 });
    expect(await expired.verify(await solve(expired))).toBe(false);

    const otherKey = new AltchaCaptcha(t.db, { maxNumber: 1000, hmacKey: 'someone-elses-key' });
    const ours = new AltchaCaptcha(t.db, { maxNumber: 1000 });
    expect(await ours.verify(await solve(otherKey))).toBe(false);

    const payload = JSON.parse(Buffer.from(await solve(ours), 'base64').toString());
    const tampered = { ...payload, salt: payload.salt.replace(/expires=\d+/, 'expires=9999999999') };
    expect(await ours.verify(Buffer.from(JSON.stringify(tampered)).toString('base64'))).toBe(false);
    const sha1 = { ...payload, algorithm: 'SHA-1' };
    expect(await ours.verify(Buffer.from(JSON.stringify(sha1)).toString('base64'))).toBe(false);

    for (const junk of ['', 'not base64 !!', Buffer.from('[]').toString('base64'), 'x'.repeat(5000)]) {
      expect(await ours.verify(junk)).toBe(false);
    }
  });
});

describe('reCAPTCHA (when its keys are set)', () => {
  const seen = new Set<string>();
  const verifier = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const ok = form.get('secret') === 'test-secret' && form.get('response') === 'good-token' && !seen.has('good-token');
      if (ok) seen.add('good-token');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: ok }));
    });
  });
  let r: TestApp;
  beforeAll(async () => {
    await new Promise<void>((done) => verifier.listen(0, '127.0.0.1', done));
    r = await buildTestApp({
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_SECRET: 'test-secret',
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/siteverify`,
    });
  });
  afterAll(async () => {
    await r.close();
    await new Promise((done) => verifier.close(done));
  });

  const signup = (email: string, recaptchaToken: string) =>
    r.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      remoteAddress: randomIp(),
      payload: { user: { username: 'R', email, password: 'Correct-Horse-9-Battery!' }, recaptchaToken },
    });

  it('checks the answer with Google; a refused or replayed token creates no account', async () => {
    expect((await signup('recaptcha.bad@example.com', 'bad-token')).json()).toEqual({ detail: MSG.captchaFailed });
    expect((await signup('recaptcha.ok@example.com', 'good-token')).statusCode).toBe(201);
    expect((await signup('recaptcha.again@example.com', 'good-token')).statusCode).toBe(400);
    const created = await r.db.select({ email: users.email }).from(users);
    expect(created.map((u) => u.email)).toEqual(['recaptcha.ok@example.com']);
  });

  it('serves no ALTCHA challenge', async () => {
    expect((await r.app.inject({ method: 'GET', url: '/api/captcha/challenge' })).statusCode).toBe(404);
  });

  it('an ALTCHA answer is no substitute', async () => {
    const altchaAnswer = await solveCaptcha(t.app);
    expect((await signup('recaptcha.altcha@example.com', altchaAnswer)).statusCode).toBe(400);
  });
});
