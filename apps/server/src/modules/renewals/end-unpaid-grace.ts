import { and, isNotNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { findPlanByLicenseType } from '@lbs/domain/catalogue';
import { truncateKey } from '@lbs/domain/license-terms';
import { licenses } from '../../db/schema';
import { markEndedNoticeGiven } from '../license-changes/renewal-grace';
import { stopAutoRenew } from '../license-changes/stop-auto-renew';
import { notifyAdmins } from '../notifications/notify-admins';
import { abandonRenewalOrder } from './abandon-renewal-order';
import { tellRenewalGraceEnded } from './tell-renewal-news';

/**
 * Licences whose grace has run out with the renewal unpaid (decision 0021), one batch in one
 * transaction, claimed with SKIP LOCKED: the renewal order is abandoned (a charge still in flight
 * that succeeds is refunded by fulfilment's paid-after-cancel path), renewal turns off, and the
 * holder is told. The licence is then EXPIRED (its grace is cleared). The admins are told too, once
 * per renewal that failed for good (issue 39): only a licence whose open order this pass gave up
 * gets here, and the order's cancel is in the same transaction. Answers how many.
 */
export async function endUnpaidGraceBatch(ctx: AppContext, now: Date, limit: number): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const ended = await tx
      .select()
      .from(licenses)
      .where(and(isNotNull(licenses.graceUntil), lte(licenses.graceUntil, now)))
      .orderBy(licenses.graceUntil)
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const license of ended) {
      const orderId = await abandonRenewalOrder(tx, { licenseId: license.id, reason: 'grace ended unpaid', now });
      // No open order (paid or given up already): only the stale grace was cleared.
      if (orderId === null) continue;
      await stopAutoRenew(tx, license.id, { actor: 'system', reason: 'grace ended unpaid', now, orderId });
      // This message is the licence's 'ended' notice: the reminder job sends no second one.
      await markEndedNoticeGiven(tx, license.id);
      await tellRenewalGraceEnded(tx, { license, endedAt: license.expiresAt ?? now, publicUrl: ctx.config.publicUrl });
      const plan = findPlanByLicenseType(license.type)?.name ?? 'license';
      await notifyAdmins(tx, {
        // A declined payment, as the feed already names those (its icon and filter).
        type: 'payment_failed',
        subjectUserId: license.userId,
        title: `Automatic renewal failed: ${license.email}'s ${plan} ended unpaid`,
        message: `The renewal of ${truncateKey(license.licenseKey)} (${license.email}) was not paid by the end of its grace: order #${orderId} was cancelled, automatic renewal is off and the license has ended.`,
      });
    }
    return ended.length;
  });
}
