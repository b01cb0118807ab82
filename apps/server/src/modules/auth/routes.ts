import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@lbs/domain/messages';
import { ZCaptchaChallenge, ZMessage, ZResetLink, ZSession, ZSignedUp, ZUser } from '@lbs/domain/responses';
import { safeString, ZEmailQuery, ZGoogleSigninBody, ZResetPasswordBody, ZSigninBody, ZSignupBody, ZTokenQuery } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { AltchaCaptcha } from '../../integrations/captcha/altcha';
import { createCaptcha } from '../../integrations/captcha/create-captcha';
import { notFound } from '../../lib/app-error';
import { BEARER, BODY_ERRORS, errors, noContent, OPTIONAL_BEARER, withExample } from '../../lib/openapi';
import { requireUser } from '../../plugins/guards';
import { rateLimitedAudit } from './audit-rate-limited';
import { resendVerification, verifyEmail } from './email-verification';
import { googleSignIn } from './google-signin';
import { neutralAnswer } from './neutral-answer';
import { checkResetToken, requestPasswordReset, resetPassword } from './password-reset';
import { AUTH_ROUTE_LIMITS as LIMITS, authRateLimiters } from './rate-limits';
import { requestMeta as meta } from './request-meta';
import { requireCaptcha } from './require-captcha';
import { signIn } from './signin';
import { signOut } from './signout';
import { signUp } from './signup';
import { toUserJson } from './user-json';

/**
 * Sign-up, sign-in (password and Google), verification, password reset, the session's own user
 * and sign-out, plus the CAPTCHA challenge. Every answer is `no-store`: none may be cached.
 */
export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const captcha = createCaptcha(ctx.config, ctx.db);
  const captchaSolved = requireCaptcha(captcha, ctx.db);
  const limits = authRateLimiters(app);
  const auditRateLimited = rateLimitedAudit(ctx.db, limits.refusedEmail);

  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  r.get(
    '/captcha/challenge',
    {
      schema: {
        tags: ['auth'],
        summary: 'A fresh ALTCHA proof-of-work challenge (when ALTCHA is the CAPTCHA)',
        response: { 200: ZCaptchaChallenge, ...errors(404, 429) },
      },
      config: { rateLimit: LIMITS.captchaChallenge },
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
        description:
          'A taken address, a failed CAPTCHA or a password that breaks the rule answer 400. `user.time_zone` (optional, one of the listed zones, else Singapore) is the account\'s time zone: its dates are shown and mailed in it.',
        body: withExample(ZSignupBody, { user: { username: 'ada', email: 'ada@example.com', password: 'Correct-Horse-9!', time_zone: 'Asia/Jakarta' }, recaptchaToken: 'captcha-answer' }),
        response: { 201: ZSignedUp, ...errors(...BODY_ERRORS, 429) },
      },
      config: { rateLimit: LIMITS.signup },
      preHandler: captchaSolved,
      onSend: auditRateLimited('signup_rate_limited'),
    },
    async (req, reply) => reply.status(201).send({ user: toUserJson(await signUp(ctx, req.body.user, meta(req))) }),
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
      config: { rateLimit: LIMITS.signin },
      // CAPTCHA first: the per-account limit counts only attempts that cost a solved CAPTCHA, so
      // nobody can lock an account out with free, forged answers.
      preHandler: [captchaSolved, limits.signinPerAccount],
      onSend: auditRateLimited('signin_rate_limited'),
    },
    async (req) => signIn(ctx, req.body.user, meta(req)),
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
      config: { rateLimit: LIMITS.googleSignin },
      preHandler: captchaSolved,
      onSend: auditRateLimited('google_rate_limited'),
    },
    async (req) => googleSignIn(ctx, req.body, meta(req)),
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
      config: { rateLimit: LIMITS.resendVerification },
      preHandler: limits.resendPerAddress,
    },
    async (req) => neutralAnswer(resendVerification(ctx, req.query.email, meta(req)), MSG.verificationSentIfAccount),
  );

  r.get(
    '/users/verify-email/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verify the address with the mailed link; signs the user in',
        description:
          'An unknown, used or expired link answers 400; a used or expired one whose address is now the account’s, verified, answers 409 (already verified) and signs no one in.',
        params: z.object({ token: safeString().trim().min(1).max(512) }),
        response: { 200: ZSession, ...errors(400, 409, 429) },
      },
      config: { rateLimit: LIMITS.verifyEmail },
    },
    async (req) => verifyEmail(ctx, req.params.token, meta(req)),
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
      config: { rateLimit: LIMITS.forgotPassword },
      preHandler: limits.forgotPerAddress,
      onSend: auditRateLimited('reset_rate_limited'),
    },
    async (req) => neutralAnswer(requestPasswordReset(ctx, req.query.email, meta(req)), MSG.resetLinkSentIfAccount),
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
      config: { rateLimit: LIMITS.verifyResetPassword },
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
      config: { rateLimit: LIMITS.resetPassword },
      preHandler: limits.passwordCheckPerAccount,
      onSend: auditRateLimited('reset_rate_limited'),
    },
    async (req) => {
      await resetPassword(ctx, req.body, { user: await req.currentUser(), sessionId: await req.currentSessionId() }, meta(req));
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
      await signOut(ctx, { user: req.user, sessionId: await req.currentSessionId() }, meta(req));
      return reply.status(204).send();
    },
  );
}
