import crypto from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { getOrCreateSecret } from '../../db/app-secrets';

/**
 * The per-customer token of unsubscribe links: `<user id>.<HMAC-SHA256 of the id>` with a key
 * kept in app_secrets (shared by every process, made by the first one that asks).
 *
 * An HMAC rather than a stored random column: every customer has one at once (no migration, no
 * backfill of 100k rows, nothing written when a campaign queues), it cannot be guessed without the
 * key, and it is checked in constant time. Deleting the key from app_secrets retires every link
 * ever mailed, the one way to revoke them.
 */
const SECRET_NAME = 'unsubscribe_hmac_key';
const MAC_LENGTH = 32;

const keys = new WeakMap<object, Promise<string>>();

function keyOf(db: DbOrTx): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = getOrCreateSecret(db, SECRET_NAME);
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const macOf = (key: string, userId: number) =>
  crypto.createHmac('sha256', key).update(`unsubscribe:${userId}`).digest('base64url').slice(0, MAC_LENGTH);

export async function unsubscribeToken(db: DbOrTx, userId: number): Promise<string> {
  return `${userId}.${macOf(await keyOf(db), userId)}`;
}

/** The customer a token names, or null when it is not one this shop made. */
export async function userIdOfUnsubscribeToken(db: DbOrTx, token: string): Promise<number | null> {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  if (userId > 2_147_483_647) return null;
  const expected = Buffer.from(macOf(await keyOf(db), userId));
  const given = Buffer.from(match[2]!);
  return crypto.timingSafeEqual(expected, given) ? userId : null;
}
