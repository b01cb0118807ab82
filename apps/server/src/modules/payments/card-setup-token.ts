import crypto from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { getOrCreateSecret } from '../../db/app-secrets';

/**
 * The local card-setup page's link: the facts of the request, signed with a server secret, so no
 * table is needed. With a licence, it turns that licence's automatic renewal on (bought without it,
 * its holder has no saved card): the page saves a card and then turns renewal on with these facts,
 * nothing else. Without one (Settings' Replace or Add a card, decision 0022), it only saves the card
 * as the one in use, replacing the old.
 */
export interface CardSetupFacts {
  userId: number;
  licenseId: string | null;
  /** SHA-256 of the consent words the holder agreed to, checked again when the setup completes ('' without a licence). */
  wordsHash: string;
  language: string;
  /** Epoch milliseconds, by the clock the account area reads. */
  expiresAt: number;
}

/** How long a setup link works. */
export const CARD_SETUP_TTL_MS = 60 * 60 * 1000;

const SECRET_NAME = 'card-setup-token';

export const hashWords = (words: string) => crypto.createHash('sha256').update(words, 'utf8').digest('base64url');

const sign = (secret: string, payload: string) => crypto.createHmac('sha256', secret).update(payload).digest('base64url');

/** A token for these facts: base64url(JSON) + '.' + HMAC-SHA256 of it. */
export async function signCardSetup(db: DbOrTx, facts: CardSetupFacts): Promise<string> {
  const payload = Buffer.from(JSON.stringify([facts.userId, facts.licenseId, facts.wordsHash, facts.language, facts.expiresAt])).toString('base64url');
  return `${payload}.${sign(await getOrCreateSecret(db, SECRET_NAME), payload)}`;
}

export type CardSetupCheck = { ok: true; facts: CardSetupFacts } | { ok: false; why: 'invalid' | 'expired' };

/** The facts of a token this server signed and that has not expired; an altered token is 'invalid'. */
export async function readCardSetup(db: DbOrTx, token: string, now: Date): Promise<CardSetupCheck> {
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined) return { ok: false, why: 'invalid' };
  const expected = Buffer.from(sign(await getOrCreateSecret(db, SECRET_NAME), payload));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, why: 'invalid' };
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, why: 'invalid' };
  }
  if (!Array.isArray(fields) || fields.length !== 5) return { ok: false, why: 'invalid' };
  const [userId, licenseId, wordsHash, language, expiresAt] = fields as unknown[];
  if (typeof userId !== 'number' || (typeof licenseId !== 'string' && licenseId !== null) || typeof wordsHash !== 'string' || typeof language !== 'string' || typeof expiresAt !== 'number') {
    return { ok: false, why: 'invalid' };
  }
  if (expiresAt <= now.getTime()) return { ok: false, why: 'expired' };
  return { ok: true, facts: { userId, licenseId, wordsHash, language, expiresAt } };
}
