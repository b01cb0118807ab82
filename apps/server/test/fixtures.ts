import crypto from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client';
import { users } from '../src/db/schema';
import { createSession } from '../src/modules/auth/session-store';
import { mailTo } from './build-test-app';

export interface TestUser {
  id: number;
  email: string;
  token: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  headers: { authorization: string };
}

/**
 * A verified user with an open session, written straight to the database (no password hashing,
 * no CAPTCHA), for tests of features that only need someone signed in.
 */
export async function createUserWithSession(
  db: Db,
  opts: { email?: string; role?: string; firstName?: string; verified?: boolean; timeZone?: string } = {},
): Promise<TestUser> {
  const email = opts.email ?? `user.${crypto.randomBytes(5).toString('hex')}@example.com`;
  const [u] = await db
    .insert(users)
    .values({
      username: email.split('@')[0]!,
      email,
      role: opts.role ?? 'user',
      firstName: opts.firstName ?? 'Test',
      isEmailVerified: opts.verified ?? true,
      ...(opts.timeZone ? { timeZone: opts.timeZone } : {}),
    })
    .returning({ id: users.id });
  const { token } = await createSession(db, u!.id);
  return { id: u!.id, email, token, headers: { authorization: `Bearer ${token}` } };
}

export const createAdminWithSession = (db: Db, email?: string) => createUserWithSession(db, { email, role: 'admin' });

/** A random client address for app.inject, so per-client rate limits of one test don't hit another. */
export const randomIp = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${1 + crypto.randomInt(254)}`;

/**
 * Fetches an ALTCHA challenge from the app and solves it with altcha-lib's own solver: a real
 * proof of work, as the browser widget does it (keep ALTCHA_MAX_NUMBER small in tests).
 */
export async function solveCaptcha(app: FastifyInstance, remoteAddress = randomIp()): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/captcha/challenge', remoteAddress });
  if (res.statusCode !== 200) throw new Error(`GET /api/captcha/challenge answered ${res.statusCode}: ${res.body}`);
  const ch = res.json() as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
  const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
  if (!solution) throw new Error('ALTCHA challenge could not be solved');
  const payload = { algorithm: ch.algorithm, challenge: ch.challenge, number: solution.number, salt: ch.salt, signature: ch.signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

export interface SignedUpUser extends TestUser {
  password: string;
  username: string;
}

/**
 * The real journey through the API: sign-up with a solved CAPTCHA, the verification link from
 * the dev mailbox, then sign-in with email and password. Slower than createUserWithSession;
 * use it where the account must have been made the way users make it.
 */
export async function signUpAndLogin(
  app: FastifyInstance,
  opts: { email?: string; password?: string; username?: string } = {},
): Promise<SignedUpUser> {
  const email = opts.email ?? `user.${crypto.randomBytes(5).toString('hex')}@example.com`;
  const password = opts.password ?? 'Correct-Horse-9-Battery!';
  const username = opts.username ?? email.split('@')[0]!;
  const ip = randomIp();
  const signup = await app.inject({
    method: 'POST',
    url: '/api/users/signup',
    remoteAddress: ip,
    payload: { user: { username, email, password }, recaptchaToken: await solveCaptcha(app, ip) },
  });
  if (signup.statusCode !== 201) throw new Error(`sign-up answered ${signup.statusCode}: ${signup.body}`);
  const [mail] = await mailTo(app, email);
  const token = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no verification link mailed to ${email}`);
  const verified = await app.inject({ method: 'GET', url: `/api/users/verify-email/${token}`, remoteAddress: ip });
  if (verified.statusCode !== 200) throw new Error(`verify-email answered ${verified.statusCode}: ${verified.body}`);
  const signin = await app.inject({
    method: 'POST',
    url: '/api/users/signin',
    remoteAddress: ip,
    payload: { user: { email, password }, recaptchaToken: await solveCaptcha(app, ip) },
  });
  if (signin.statusCode !== 200) throw new Error(`sign-in answered ${signin.statusCode}: ${signin.body}`);
  const body = signin.json() as { user: { id: number }; access_token: string };
  return {
    id: body.user.id,
    email,
    username,
    password,
    token: body.access_token,
    headers: { authorization: `Bearer ${body.access_token}` },
  };
}
