import type { FastifyRequest } from 'fastify';
import { MSG } from '@lbs/domain/messages';
import type { Db } from '../../db/client';
import type { CaptchaVerifier } from '../../integrations/captcha/captcha-verifier';
import { badRequest } from '../../lib/app-error';
import { logAuthEvent } from './auth-events';
import { requestMeta } from './request-meta';

/**
 * A preHandler hook for the routes whose body carries a CAPTCHA answer (`recaptchaToken`): a
 * wrong or replayed answer is recorded as captcha_failed and answers 400.
 */
export function requireCaptcha(captcha: CaptchaVerifier, db: Db) {
  return async (req: FastifyRequest): Promise<void> => {
    const { recaptchaToken } = req.body as { recaptchaToken: string };
    if (await captcha.verify(recaptchaToken, req.ip)) return;
    await logAuthEvent(db, 'captcha_failed', requestMeta(req));
    throw badRequest(MSG.captchaFailed);
  };
}
