import type { Tx } from '../../db/client';
import { renewalChoices } from '../../db/schema';
import { lockLicenseIfAny } from './lock-license';
import { writeLicense, type LicenseRow } from './write-licenses';

/**
 * Turns a licence's automatic renewal off without its holder asking (DESIGN §6.3): a refund of
 * an automatic renewal, or an admin. The change of mind is a renewal_choices row (who, when, why),
 * as every other. In the caller's transaction; the licence is locked here if the caller has not.
 * Tells no one: the caller's one message does (the refund's mail says it). Answers the licence as
 * written, or null when it did not renew (nothing to write, nothing recorded).
 */
export async function stopAutoRenew(
  tx: Tx,
  licenseId: string,
  stop: { actor: 'system' | 'admin'; adminId?: number | null; reason: string; now: Date; orderId?: number | null },
): Promise<LicenseRow | null> {
  const license = await lockLicenseIfAny(tx, licenseId);
  if (!license?.autoRenew) return null;
  const after = await writeLicense(tx, license.id, { autoRenew: false });
  await tx.insert(renewalChoices).values({
    userId: license.userId,
    licenseId: license.id,
    orderId: stop.orderId ?? null,
    autoRenew: false,
    actor: stop.actor,
    adminId: stop.adminId ?? null,
    reason: stop.reason,
    createdAt: stop.now,
  });
  return after;
}
