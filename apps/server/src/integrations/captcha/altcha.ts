import { createChallenge, extractParams, verifySolution } from 'altcha-lib';
import type { Challenge } from 'altcha-lib/types';
import { lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { captchaSolutions } from '../../db/schema';
import { getOrCreateSecret } from '../../db/app-secrets';
import type { CaptchaVerifier } from './captcha-verifier';

/** How long a challenge may wait for its solution (filling in a sign-up form included). */
const ALTCHA_CHALLENGE_TTL_MS = 20 * 60 * 1000;

// The widget sends base64 JSON; anything else is refused before any hashing happens.
const ZPayload = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().regex(/^[0-9a-f]{64}$/),
  number: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  salt: z.string().min(1).max(300),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

export interface AltchaOptions {
  /** ALTCHA_HMAC_KEY; without it a key generated once and kept in the database is used. */
  hmacKey?: string;
  maxNumber: number;
  ttlMs?: number;
}

/**
 * Self-hosted proof of work (ALTCHA). Challenges are signed with an HMAC key shared by every
 * process; each solved challenge is recorded in `captcha_solutions` so it is accepted once.
 */
export class AltchaCaptcha implements CaptchaVerifier {
  readonly kind = 'altcha' as const;
  private key: Promise<string> | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: AltchaOptions,
  ) {}

  private hmacKey(): Promise<string> {
    if (this.options.hmacKey) return Promise.resolve(this.options.hmacKey);
    this.key ??= getOrCreateSecret(this.db, 'altcha_hmac_key').catch((err: unknown) => {
      this.key = undefined; // a database hiccup must not poison every later request
      throw err;
    });
    return this.key;
  }

  async challenge(): Promise<Challenge> {
    // Spent solutions are only needed until their challenge expires; clear them as we go.
    await this.db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, new Date()));
    return createChallenge({
      hmacKey: await this.hmacKey(),
      maxNumber: this.options.maxNumber,
      expires: new Date(Date.now() + (this.options.ttlMs ?? ALTCHA_CHALLENGE_TTL_MS)),
    });
  }

  async verify(token: string): Promise<boolean> {
    const payload = decode(token);
    if (!payload) return false;
    const expires = Number(extractParams(payload).expires);
    // Every challenge we sign carries an expiry; one without it was not made here.
    if (!Number.isFinite(expires) || expires * 1000 < Date.now()) return false;
    let valid: boolean;
    try {
      valid = await verifySolution(payload, await this.hmacKey(), true);
    } catch {
      return false;
    }
    if (!valid) return false;
    const spent = await this.db
      .insert(captchaSolutions)
      .values({ id: payload.challenge, expiresAt: new Date(expires * 1000) })
      .onConflictDoNothing({ target: captchaSolutions.id })
      .returning({ id: captchaSolutions.id });
    return spent.length === 1;
  }
}

function decode(token: string): z.infer<typeof ZPayload> | null {
  if (token.length > 2000) return null;
  try {
    const parsed = ZPayload.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

