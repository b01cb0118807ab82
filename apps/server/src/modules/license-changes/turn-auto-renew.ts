import type { Tx } from '../../db/client';
import { renewalChoices } from '../../db/schema';
import { writeLicense, type LicenseRow } from './write-licenses';

/** Who changed a licence's automatic renewal, as renewal_choices records it. */
export type AutoRenewActor =
  | { actor: 'customer' }
  | { actor: 'admin'; adminId: number }
  | { actor: 'system' };

/** A change of mind as renewal_choices records it: on with the consent, or off (and why). */
export type RenewalChoice =
  | {
      on: true;
      /** The holder's consent as shown to them (renewalConsentWords) and its language. */
      words: string | null;
      language: string | null;
      /** The order whose checkout carried the consent, if it came from one. */
      orderId?: number | null;
    }
  | {
      on: false;
      reason?: string | null;
      /** The order the change concerns (a grace that ended unpaid, a refunded renewal). */
      orderId?: number | null;
    };

/** Turning on also tells the price each renewal charges (the plan's price, never a discounted one). */
export type AutoRenewChange = Extract<RenewalChoice, { on: true }> & { priceCents: number } | Extract<RenewalChoice, { on: false }>;

/**
 * Turns a licence's automatic renewal on or off (DESIGN §6.3) and records the change of mind in
 * renewal_choices: who, when, and for a consent its words and language. Turning on also records
 * the renewal price the holder was told, and when. The caller has locked the licence and checked
 * who may (only its holder turns it on: it charges their card) and, turning off, has given up any
 * open renewal order first (renewals/abandon-renewal-order.ts, which the wing does not import).
 * Tells no one: the holder is the one acting, and an admin's or the system's caller tells them.
 */
export async function turnAutoRenew(
  tx: Tx,
  license: Pick<LicenseRow, 'id' | 'userId'>,
  by: AutoRenewActor,
  change: AutoRenewChange,
  now: Date,
): Promise<LicenseRow> {
  const written = await writeLicense(
    tx,
    license.id,
    change.on ? { autoRenew: true, renewalPriceCents: change.priceCents, renewalPriceToldAt: now } : { autoRenew: false },
  );
  await recordRenewalChoices(tx, [license.id], license.userId, by, change, now);
  return written;
}

/**
 * The renewal_choices rows of one change for these licences of one holder (a checkout's consent
 * covers every key it issues). Also used when keys are issued already renewing.
 */
export async function recordRenewalChoices(
  tx: Tx,
  licenseIds: readonly string[],
  holderId: number,
  by: AutoRenewActor,
  change: RenewalChoice,
  now: Date,
): Promise<void> {
  if (licenseIds.length === 0) return;
  await tx.insert(renewalChoices).values(
    licenseIds.map((licenseId) => ({
      userId: holderId,
      licenseId,
      orderId: change.orderId ?? null,
      autoRenew: change.on,
      actor: by.actor,
      adminId: by.actor === 'admin' ? by.adminId : null,
      words: change.on ? change.words : null,
      language: change.on ? change.language : null,
      reason: change.on ? null : (change.reason ?? null),
      createdAt: now,
    })),
  );
}
