import { solveChallenge } from 'altcha-lib';
import { baseUrl, uniqueEmail } from './browser';
import { linkIn, waitForMail } from './mailbox';

/** Meets the password rule: 13+ characters, upper, lower, digit, one of the spec's specials. */
export const TEST_PASSWORD = 'E2e-Passw0rd!2025';

/** An ALTCHA challenge from the product server, solved in Node with altcha-lib (a real proof of work). */
export async function solveCaptcha(): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/captcha/challenge`);
  if (!res.ok) throw new Error(`GET /api/captcha/challenge answered ${res.status}`);
  const ch = (await res.json()) as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
  const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
  if (!solution) throw new Error('ALTCHA challenge could not be solved');
  const payload = { algorithm: ch.algorithm, challenge: ch.challenge, number: solution.number, salt: ch.salt, signature: ch.signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** Signs up through the API (CAPTCHA solved in Node); the account is not verified yet. */
export async function createUnverifiedUser(
  opts: { email?: string; password?: string; username?: string } = {},
): Promise<{ email: string; password: string; username: string }> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? TEST_PASSWORD;
  const username = opts.username ?? 'Booth Operator';
  const res = await fetch(`${baseUrl()}/api/users/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: { username, email, password }, recaptchaToken: await solveCaptcha() }),
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  return { email, password, username };
}

/**
 * A user made the way users make one: sign-up through the API, the verification mail read from
 * the dev mailbox, and its link's token verified through the API. Sign in with loginInBrowser.
 */
export async function createVerifiedUser(
  opts: { email?: string; password?: string; username?: string } = {},
): Promise<{ email: string; password: string }> {
  const { email, password } = await createUnverifiedUser(opts);
  const mail = await waitForMail(email, /verify your email/i);
  const token = new URL(linkIn(mail)).pathname.split('/verify-email/')[1];
  if (!token) throw new Error(`no verification link in the mail to ${email}`);
  const res = await fetch(`${baseUrl()}/api/users/verify-email/${token}`);
  if (!res.ok) throw new Error(`verify-email answered ${res.status}: ${await res.text()}`);
  return { email, password };
}

/** Signs in through the API (CAPTCHA solved in Node) and answers the bearer and JSON headers for API calls. */
export async function signInThroughApi(email: string, password: string): Promise<Record<string, string>> {
  const res = await fetch(`${baseUrl()}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: { email, password }, recaptchaToken: await solveCaptcha() }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  const { access_token: token } = (await res.json()) as { access_token: string };
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

// Signing in through the screen lives apart from Vitest's inject(), so tools outside a test run use it too.
export { loginInBrowser, solveCaptchaWidget } from './login';
