import { and, inArray, isNull } from 'drizzle-orm';
import { findPlanByLicenseType } from '@lbs/domain/catalogue';
import { isRenewableLicenseType, truncateKey } from '@lbs/domain/license-terms';
import { MSG } from '@lbs/domain/messages';
import type { DbOrTx } from '../../db/client';
import { licenses, orders } from '../../db/schema';
import { badRequest, conflict } from '../../lib/app-error';
import type { PricedLine } from '../orders/create-order';

/**
 * A licence whose automatic renewal order is open (prepared, being charged, or in grace) is paid
 * through that order, never a second time through the cart (decision 0021).
 */
export const RENEWAL_DUE_AUTOMATICALLY =
  'This license renews automatically and its renewal is due: pay it with Pay now under Licences in your account, not in the cart.';

/**
 * The checkout's renewal lines, checked against the licences they name (one query for all): each
 * must be the buyer's own, not revoked, of a renewable plan, and renewed with that same plan. A
 * licence of someone else answers the same 400 as one that does not exist, so ids cannot be probed.
 * Answers the lines with the renewed key in their name ('Monthly License (Renewal of ABCDE-FGHI…)'),
 * which the order, the pay page, Stripe and the receipt then show.
 */
export async function checkRenewals(db: DbOrTx, userId: number, lines: readonly PricedLine[]): Promise<PricedLine[]> {
  const ids = lines.flatMap((line) => (line.renews ? [line.renews] : []));
  if (ids.length === 0) return [...lines];
  const rows = await db
    .select({ id: licenses.id, userId: licenses.userId, type: licenses.type, key: licenses.licenseKey, revokedAt: licenses.revokedAt })
    .from(licenses)
    .where(inArray(licenses.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const dueAutomatically = new Set(
    (
      await db
        .select({ licenseId: orders.renewalLicenseId })
        .from(orders)
        .where(and(inArray(orders.renewalLicenseId, ids), isNull(orders.paidAt), isNull(orders.cancelledAt)))
    ).map((o) => o.licenseId),
  );
  return lines.map((line) => {
    if (!line.renews) return line;
    const refuse = (message: string) => badRequest(`products.${line.requestIndex}.renews: ${message}`);
    const license = byId.get(line.renews);
    if (!license || license.userId !== userId) throw refuse(MSG.renewalNotYours);
    if (license.revokedAt) throw refuse(MSG.renewalRevoked);
    if (!isRenewableLicenseType(license.type)) throw refuse(license.type === 'custom' ? MSG.renewalNotRenewableCustom : MSG.renewalNotRenewable);
    if (license.type !== line.licenseType) throw refuse(MSG.renewalWrongPlan(findPlanByLicenseType(license.type)?.name ?? license.type));
    if (dueAutomatically.has(license.id)) throw conflict(`products.${line.requestIndex}.renews: ${RENEWAL_DUE_AUTOMATICALLY}`);
    return { ...line, name: `${line.name} (${MSG.renewalOf(truncateKey(license.key))})` };
  });
}
