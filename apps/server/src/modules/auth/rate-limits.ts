import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@lbs/domain/messages';
import type { TEmailQuery, TResetPasswordBody, TSigninBody } from '@lbs/domain/schemas';
import { tooManyRequests } from '../../lib/app-error';

/**
 * Per client address: each route's `config.rateLimit`, counted in onRequest before the body is
 * read. Memory, or Redis with REDIS_URL (shared by every process), like every limit of the app.
 */
export const AUTH_ROUTE_LIMITS = {
  captchaChallenge: { max: 30, timeWindow: '1 minute' },
  signup: { max: 10, timeWindow: '10 minutes' },
  signin: { max: 10, timeWindow: '1 minute' },
  googleSignin: { max: 10, timeWindow: '1 minute' },
  resendVerification: { max: 5, timeWindow: '1 minute' },
  verifyEmail: { max: 20, timeWindow: '1 minute' },
  forgotPassword: { max: 5, timeWindow: '1 minute' },
  verifyResetPassword: { max: 20, timeWindow: '1 minute' },
  resetPassword: { max: 10, timeWindow: '15 minutes' },
} as const;

/** Per account or per address: they need the parsed body, so they run as preHandler hooks. */
export const AUTH_ACCOUNT_LIMITS = {
  signinPerAccount: { max: 10, timeWindow: 60_000 },
  /** Verification and reset mails, each per address. */
  mailPerAddress: { max: 1, timeWindow: 60_000 },
  /**
   * Checking a signed-in user's current password is a password guess like a sign-in: limited per
   * account, so a stolen session cannot try from many addresses.
   */
  passwordCheckPerAccount: { max: 5, timeWindow: 15 * 60_000 },
} as const;

type Hook = (req: FastifyRequest) => Promise<void>;

/**
 * The per-account and per-address limits as preHandler hooks (they run after validation, so the
 * body and query are parsed), plus the address each one refused, for the audit row of that 429.
 */
export function authRateLimiters(app: FastifyInstance) {
  const refusedEmails = new WeakMap<FastifyRequest, string>();

  /** Counts the request under `keyOf`; over the limit it answers 429, noting `emailOf` for the audit. */
  function limiter(
    limit: { max: number; timeWindow: number },
    keyOf: (req: FastifyRequest) => string | Promise<string>,
    emailOf?: (req: FastifyRequest) => string | Promise<string>,
  ): Hook {
    const check = app.createRateLimit({ ...limit, keyGenerator: keyOf });
    return async (req) => {
      const result = await check(req);
      if (result.isAllowed || !result.isExceeded) return;
      if (emailOf) refusedEmails.set(req, await emailOf(req));
      throw tooManyRequests(MSG.tooManyRequests);
    };
  }

  const L = AUTH_ACCOUNT_LIMITS;
  const signinEmail = (req: FastifyRequest) => (req.body as TSigninBody).user.email;
  const queryEmail = (req: FastifyRequest) => (req.query as TEmailQuery).email;
  const signedIn = async (req: FastifyRequest) => (await req.currentUser())!;
  const passwordCheck = limiter(
    L.passwordCheckPerAccount,
    async (req) => `password-check:${(await signedIn(req)).id}`,
    async (req) => (await signedIn(req)).email,
  );

  return {
    signinPerAccount: limiter(L.signinPerAccount, (req) => `signin:${signinEmail(req)}`, signinEmail),
    resendPerAddress: limiter(L.mailPerAddress, (req) => `resend:${queryEmail(req)}`),
    forgotPerAddress: limiter(L.mailPerAddress, (req) => `forgot:${queryEmail(req)}`, queryEmail),
    /** Counts only a signed-in caller's current-password check; a reset link's token is proof, not a guess. */
    passwordCheckPerAccount: (async (req) => {
      const body = req.body as TResetPasswordBody;
      if (body.token === undefined && (await req.currentUser()) && body.current_pwd) await passwordCheck(req);
    }) satisfies Hook,
    /** The address a per-account or per-address limit refused this request for, if any. */
    refusedEmail: (req: FastifyRequest): string | null => refusedEmails.get(req) ?? null,
  };
}

export type AuthRateLimiters = ReturnType<typeof authRateLimiters>;
