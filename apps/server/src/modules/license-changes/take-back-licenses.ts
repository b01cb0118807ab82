import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DAILY_PASS_HOURS, initialReminderStage, isLicenseUnstarted, LICENSE_TERM_MS } from '@lbs/domain/license-terms';
import type { Tx } from '../../db/client';
import { licenses, orderLines, products } from '../../db/schema';
import { abandonRenewalOrder } from '../renewals/abandon-renewal-order';
import { lockLicenseIfAny } from './lock-license';
import { stopAutoRenew } from './stop-auto-renew';
import { writeLicense, writeLicenses } from './write-licenses';

export interface TakenBack {
  /** Keys revoked (reason refunded). */
  revoked: Array<{ key: string; type: string }>;
  /** Renewed keys that lost the term their refunded renewal added: their new end (null: an unused Daily pass). */
  shortened: Array<{ key: string; type: string; expiresAt: Date | null; unstartedHours: number | null }>;
  /** Keys that keep working whose automatic renewal the refund turned off (a refunded automatic renewal). */
  renewalStopped: Array<{ key: string; type: string }>;
}

/**
 * What refunded licence units stop giving, in the refund's transaction: a line's keys (those of
 * this order and the line's type, not revoked yet, unused ones first) are revoked with the reason
 * `refunded`, as many as units refunded. A renewal line instead takes back only the term it added
 * (its key keeps what was paid before; never extended, never revoked).
 *
 * Automatic renewal (decision 0021): a refunded automatic renewal (an order with renewal_term_end)
 * takes back its term the same way and turns the licence's renewal off, since the customer who
 * asks for that money back does not want the next term charged either; a revoked key stops
 * renewing too. Either way a renewal order still open for the key is given up. The refund's verb:
 * it tells no one here because the refund's one mail and notification say it all, and the refund
 * is audited as one action (settle-refund.ts).
 */
export async function takeBackLicenses(
  tx: Tx,
  order: { id: number; userId: number; renewalTermEnd?: Date | null },
  refunded: ReadonlyArray<{ orderLineId: number; quantity: number }>,
  now: Date,
): Promise<TakenBack> {
  const taken: TakenBack = { revoked: [], shortened: [], renewalStopped: [] };
  const automatic = order.renewalTermEnd != null;
  const units = refunded.filter((l) => l.quantity > 0);
  if (units.length === 0) return taken;
  const lines = await tx
    .select({ line: orderLines, licenseType: products.licenseType, kind: products.kind })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(inArray(orderLines.id, units.map((u) => u.orderLineId)));
  for (const { line, licenseType, kind } of lines) {
    if (kind !== 'license' || !licenseType) continue;
    const quantity = units.find((u) => u.orderLineId === line.id)!.quantity;
    if (
      line.renewsLicenseId &&
      (automatic || line.renewedUntil || line.renewedFrom || line.renewedFromTermHours !== null || (await wasRenewed(tx, line.renewsLicenseId, order.id)))
    ) {
      if (automatic) await abandonRenewalOrder(tx, { licenseId: line.renewsLicenseId, reason: 'licence refunded', now });
      const shortened = await takeBackTerm(tx, line, licenseType, quantity, now);
      if (shortened) taken.shortened.push(shortened);
      if (automatic) {
        const stopped = await stopAutoRenew(tx, line.renewsLicenseId, { actor: 'system', reason: 'automatic renewal refunded', now, orderId: order.id });
        if (stopped) taken.renewalStopped.push({ key: stopped.licenseKey, type: stopped.type });
      }
      continue;
    }
    const keys = await tx
      .select({ id: licenses.id, key: licenses.licenseKey, type: licenses.type, autoRenew: licenses.autoRenew })
      .from(licenses)
      .where(and(eq(licenses.orderId, order.id), eq(licenses.type, licenseType), isNull(licenses.revokedAt)))
      // Unused keys go first: the customer keeps the booth they already set up.
      .orderBy(sql`${licenses.deviceId} is not null`, asc(licenses.createdAt), asc(licenses.id))
      .limit(quantity)
      .for('update');
    if (keys.length === 0) continue;
    // A revoked key is never charged: its pending renewal is given up and its renewal turned off.
    for (const k of keys) {
      await abandonRenewalOrder(tx, { licenseId: k.id, reason: 'licence refunded', now });
      if (k.autoRenew) await stopAutoRenew(tx, k.id, { actor: 'system', reason: 'licence refunded', now, orderId: order.id });
    }
    await writeLicenses(tx, keys.map((k) => k.id), { revokedAt: now, revokedReason: 'refunded' });
    taken.revoked.push(...keys.map((k) => ({ key: k.key, type: k.type })));
  }
  return taken;
}

/** An older renewal line (before renewed_from was recorded) renewed its licence unless a key of this order replaced it. */
async function wasRenewed(tx: Tx, licenseId: string, orderId: number): Promise<boolean> {
  const [own] = await tx.select({ id: licenses.id }).from(licenses).where(eq(licenses.id, licenseId));
  if (!own) return false;
  const [replacement] = await tx.select({ id: licenses.id }).from(licenses).where(eq(licenses.orderId, orderId)).limit(1);
  return !replacement;
}

/**
 * The renewed key loses the term this renewal added: back to its end before the payment
 * (renewed_from … renewed_until), or for an older row the plan's term; a Daily pass not started
 * yet loses the day it added, and one renewed after it ended, unused since, is ended again.
 */
async function takeBackTerm(
  tx: Tx,
  line: typeof orderLines.$inferSelect,
  type: string,
  quantity: number,
  now: Date,
): Promise<TakenBack['shortened'][number] | null> {
  const license = await lockLicenseIfAny(tx, line.renewsLicenseId);
  if (!license || license.revokedAt) return null;
  if (isLicenseUnstarted(license)) {
    const hours = Math.max(0, (license.unstartedTermHours ?? 0) - DAILY_PASS_HOURS * quantity);
    const endedBefore = line.renewedFromTermHours === null && line.renewedFrom !== null && hours === 0;
    const set = endedBefore
      ? // It had ended when renewed: it is ended again, as it was.
        { activateBy: null, unstartedTermHours: null, expiresAt: line.renewedFrom, reminderStage: initialReminderStage(line.renewedFrom, now) }
      : { unstartedTermHours: hours };
    await writeLicense(tx, license.id, set);
    return { key: license.licenseKey, type, expiresAt: endedBefore ? line.renewedFrom : null, unstartedHours: endedBefore ? null : hours };
  }
  if (!license.expiresAt) return null;
  const termMs = (LICENSE_TERM_MS as Record<string, number | null>)[license.type] ?? 0;
  const added =
    line.renewedUntil && line.renewedFrom
      ? // A lapsed key was renewed from the payment, not from its old end: at most the plan's term.
        Math.min(line.renewedUntil.getTime() - line.renewedFrom.getTime(), termMs * quantity)
      : termMs * quantity;
  if (added <= 0) return null;
  const expiresAt = new Date(license.expiresAt.getTime() - added);
  await writeLicense(tx, license.id, { expiresAt, reminderStage: initialReminderStage(expiresAt, now) });
  return { key: license.licenseKey, type, expiresAt, unstartedHours: null };
}
