import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@lbs/domain/messages';
import { ZCaptchaChallenge, ZMessage, ZResetLink, ZSession, ZSignedUp, ZUser } from '@lbs/domain/responses';
import { safeString, ZEmailQuery, ZGoogleSigninBody, ZResetPasswordBody, ZSigninBody, ZSignupBody, ZTokenQuery } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { AltchaCaptcha } from '../../integrations/captcha/altcha';
import { createCaptcha } from '../../integrations/captcha/create-captcha';
import { badRequest, notFound, tooManyRequests } from '../../lib/app-error';
import { BEARER, BODY_ERRORS, errors, noContent, OPTIONAL_BEARER, withExample } from '../../lib/openapi';
import { requireUser } from '../../plugins/guards';
import { type AuthEvent, logAuthEvent, type RequestMeta } from './auth-events';
import { resendVerification, verifyEmail } from './email-verification';
import { googleSignIn } from './google-signin';
import { checkResetToken, requestPasswordReset, resetPassword } from './password-reset';
import { revokeSession } from './session-store';
import { signIn } from './signin';
import { signUp } from './signup';
import { toUserJson } from './user-json';

// forgot-password and resend-verification take this long at least, whether or not the address
// has an account, so their timing does not tell the two apart.
const NEUTRAL_ANSWER_MS = 150;

async function atLeast<T>(ms: number, work: Promise<T>): Promise<T> {
  const [result] = await Promise.all([work, new Promise((r) => setTimeout(r, ms))]);
  return result;
}

const meta = (req: FastifyRequest): RequestMeta => ({
  ip: req.ip ?? null,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
});

/**
 * Sign-up, sign-in (password and Google), verification, password reset, the session's own user
 * and sign-out, plus the CAPTCHA challenge. Every answer is `no-store`: none may be cached.
 */
export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const captcha = createCaptcha(ctx.config, ctx.db);

  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // Limits that need the parsed body or query (per account or per address) run in the handler;
  // the per-client ones are route options.
  const limitKeys = new WeakMap<FastifyRequest, string>();
  const keyGenerator = (req: FastifyRequest) => limitKeys.get(req) ?? req.ip;
  const perAccountSignin = app.createRateLimit({ max: 10, timeWindow: 60_000, keyGenerator });
  const perAddressMail = app.createRateLimit({ max: 1, timeWindow: 60_000, keyGenerator });
  // Checking a signed-in user's current password is a password guess like a sign-in: limited per
  // account, so a stolen session cannot try from many addresses.
  const perAccountPasswordCheck = app.createRateLimit({ max: 5, timeWindow: 15 * 60_000, keyGenerator });
  // The address a per-account or per-address limit refused, for the audit row of that 429.
  const limitedEmail = new WeakMap<FastifyRequest, string>();
  async function limit(limiter: typeof perAccountSignin, req: FastifyRequest, key: string, email?: string) {
    limitKeys.set(req, key);
    const res = await limiter(req);
    if (!res.isAllowed && res.isExceeded) {
      if (email) limitedEmail.set(req, email);
      throw tooManyRequests(MSG.tooManyRequests);
    }
  }

  /**
   * A route-level onSend hook: every 429 of the route, from its per-client limit (refused in
   * onRequest, before the body is read) or a per-account one in the handler, leaves an
   * auth_events row (event, client address, and the address only when a per-account limit
   * refused it; never a password or a token). Awaited, so the row exists when the 429 is sent.
   */
  // A flood of refused requests leaves one row per event, client and address a minute, not one per
  // request, so the audit trail cannot be used to fill the database.
  const auditedUntil = new Map<string, number>();
  const firstInWindow = (key: string) => {
    const now = Date.now();
    if ((auditedUntil.get(key) ?? 0) > now) return false;
    if (auditedUntil.size >= 10_000) {
      for (const [k, until] of auditedUntil) if (until <= now) auditedUntil.delete(k);
      if (auditedUntil.size >= 10_000) auditedUntil.clear();
    }
    auditedUntil.set(key, now + 60_000);
    return true;
  };

  const auditRateLimited = (event: AuthEvent) => async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode === 429 && firstInWindow(`${event}|${req.ip}|${limitedEmail.get(req) ?? ''}`)) {
      try {
        await logAuthEvent(ctx.db, event, meta(req), { email: limitedEmail.get(req) ?? null });
      } catch (err) {
        req.log.warn({ err, event }, 'could not record a rate-limited auth attempt');
      }
    }
    return payload;
  };

  async function requireCaptcha(req: FastifyRequest, token: string) {
    if (await captcha.verify(token, req.ip)) return;
    await logAuthEvent(ctx.db, 'captcha_failed', meta(req));
    throw badRequest(MSG.captchaFailed);
  }

  r.get(
    '/captcha/challenge',
    {
      schema: {
        tags: ['auth'],
        summary: 'A fresh ALTCHA proof-of-work challenge (when ALTCHA is the CAPTCHA)',
        response: { 200: ZCaptchaChallenge, ...errors(404, 429) },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async () => {
      if (!(captcha instanceof AltchaCaptcha)) throw notFound('The CAPTCHA in use is reCAPTCHA');
      return captcha.challenge();
    },
  );

  r.post(
    '/users/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account; a verification link is mailed',
        description: 'A taken address, a failed CAPTCHA or a password that breaks the rule answer 400.',
        body: withExample(ZSignupBody, { user: { username: 'ada', email: 'ada@example.com', password: 'Correct-Horse-9!' }, recaptchaToken: 'captcha-answer' }),
        response: { 201: ZSignedUp, ...errors(...BODY_ERRORS, 429) },
      },
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      onSend: auditRateLimited('signup_rate_limited'),
    },
    async (req, reply) => {
      await requireCaptcha(req, req.body.recaptchaToken);
      const user = await signUp(ctx, req.body.user, meta(req));
      return reply.status(201).send({ user: toUserJson(user) });
    },
  );

  r.post(
    '/users/signin',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        description:
          'Wrong credentials answer 400. An unverified address answers 403 with detail `{message, requires_verification: true, email}`.',
        body: withExample(ZSigninBody, { user: { email: 'ada@example.com', password: 'Correct-Horse-9!' }, recaptchaToken: 'captcha-answer' }),
        response: { 200: ZSession, ...errors(...BODY_ERRORS, 403, 429) },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      onSend: auditRateLimited('signin_rate_limited'),
    },
    async (req) => {
      // CAPTCHA first: the per-account limit counts only attempts that cost a solved CAPTCHA, so
      // nobody can lock an account out with free, forged answers.
      await requireCaptcha(req, req.body.recaptchaToken);
      await limit(perAccountSignin, req, `signin:${req.body.user.email}`, req.body.user.email);
      return signIn(ctx, req.body.user, meta(req));
    },
  );

  r.post(
    '/users/google-signin',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign up or sign in with a Google access token',
        description: 'Answers 404 when Google sign-in is not configured, or (mode signin) when no account has that address.',
        body: withExample(ZGoogleSigninBody, { id_token: 'google-token', recaptchaToken: 'captcha-answer', mode: 'signin' }),
        response: { 200: ZSession, ...errors(...BODY_ERRORS, 404, 429) },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      onSend: auditRateLimited('google_rate_limited'),
    },
    async (req) => {
      await requireCaptcha(req, req.body.recaptchaToken);
      return googleSignIn(ctx, req.body, meta(req));
    },
  );

  r.post(
    '/users/resend-verification',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a new verification link (same answer whether or not the account exists)',
        querystring: ZEmailQuery,
        response: { 200: ZMessage, ...errors(400, 429) },
      },
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (req) => {
      await limit(perAddressMail, req, `resend:${req.query.email}`);
      await atLeast(NEUTRAL_ANSWER_MS, resendVerification(ctx, req.query.email, meta(req)));
      return { detail: MSG.verificationSentIfAccount };
    },
  );

  r.get(
    '/users/verify-email/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verify the address with the mailed link; signs the user in',
        description: 'An unknown, used or expired link answers 400.',
        params: z.object({ token: safeString().trim().min(1).max(512) }),
        response: { 200: ZSession, ...errors(400, 429) },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (req) => {
      try {
        return await verifyEmail(ctx, req.params.token, meta(req));
      } catch (err) {
        await logAuthEvent(ctx.db, 'verify_failed', meta(req));
        throw err;
      }
    },
  );

  r.get(
    '/users/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link (same answer whether or not the account exists)',
        querystring: ZEmailQuery,
        response: { 200: ZMessage, ...errors(400, 429) },
      },
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      onSend: auditRateLimited('reset_rate_limited'),
    },
    async (req) => {
      await limit(perAddressMail, req, `forgot:${req.query.email}`, req.query.email);
      await atLeast(NEUTRAL_ANSWER_MS, requestPasswordReset(ctx, req.query.email, meta(req)));
      return { detail: MSG.resetLinkSentIfAccount };
    },
  );

  r.get(
    '/users/verify-reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check a reset link before showing the new-password form',
        description: 'An unknown, used or expired link answers 400.',
        querystring: ZTokenQuery,
        response: { 200: ZResetLink, ...errors(400, 429) },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (req) => checkResetToken(ctx, req.query.token),
  );

  r.post(
    '/users/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: "Set a new password with the reset link's token, or as the signed-in owner of that address with current_pwd",
        description:
          'Without token the caller must be signed in (else 401) as the owner of that address (else 403) and give current_pwd (else 400; 5 tries per account in 15 minutes). All sessions of the account are signed out.',
        body: withExample(ZResetPasswordBody, { email: 'ada@example.com', new_pwd: 'Correct-Horse-10!', token: 'token-from-the-reset-link' }),
        response: { 200: ZMessage, ...errors(...BODY_ERRORS, 401, 403, 429) },
        security: OPTIONAL_BEARER,
      },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      onSend: auditRateLimited('reset_rate_limited'),
    },
    async (req) => {
      const caller = { user: await req.currentUser(), sessionId: await req.currentSessionId() };
      if (req.body.token === undefined && caller.user && req.body.current_pwd) {
        await limit(perAccountPasswordCheck, req, `password-check:${caller.user.id}`, caller.user.email);
      }
      await resetPassword(ctx, req.body, caller, meta(req));
      return { detail: MSG.passwordResetSuccess };
    },
  );

  r.get(
    '/users/me',
    {
      schema: { tags: ['auth'], summary: 'The signed-in user', security: BEARER, response: { 200: ZUser, ...errors(401) } },
      onRequest: requireUser,
    },
    async (req) => toUserJson(req.user),
  );

  r.post(
    '/users/signout',
    {
      schema: { tags: ['auth'], summary: 'Revoke this session', security: BEARER, response: { 204: noContent('Signed out'), ...errors(401) } },
      onRequest: requireUser,
    },
    async (req, reply) => {
      const sessionId = await req.currentSessionId();
      if (sessionId !== null) await revokeSession(ctx.db, sessionId);
      await logAuthEvent(ctx.db, 'signout', meta(req), { userId: req.user.id, email: req.user.email });
      return reply.status(204).send();
    },
  );
}
