import { inArray } from 'drizzle-orm';
import { findPlanByLicenseType } from '@lbs/domain/catalogue';
import { isRenewableLicenseType, truncateKey } from '@lbs/domain/license-terms';
import { MSG } from '@lbs/domain/messages';
import type { DbOrTx } from '../../db/client';
import { licenses } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import type { PricedLine } from '../orders/create-order';

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
  return lines.map((line) => {
    if (!line.renews) return line;
    const refuse = (message: string) => badRequest(`products.${line.requestIndex}.renews: ${message}`);
    const license = byId.get(line.renews);
    if (!license || license.userId !== userId) throw refuse(MSG.renewalNotYours);
    if (license.revokedAt) throw refuse(MSG.renewalRevoked);
    if (!isRenewableLicenseType(license.type)) throw refuse(license.type === 'custom' ? MSG.renewalNotRenewableCustom : MSG.renewalNotRenewable);
    if (license.type !== line.licenseType) throw refuse(MSG.renewalWrongPlan(findPlanByLicenseType(license.type)?.name ?? license.type));
    return { ...line, name: `${line.name} (${MSG.renewalOf(truncateKey(license.key))})` };
  });
}
