import type { Tx } from '../../db/client';
import { lockLicenseIfAny } from './lock-license';
import { turnAutoRenew } from './turn-auto-renew';
import type { LicenseRow } from './write-licenses';

/**
 * Turns a licence's automatic renewal off without its holder asking (DESIGN §6.3): its grace ended
 * unpaid, a refund of an automatic renewal, or an admin. The same verb as the holder's Turn off
 * (turnAutoRenew: the write and its renewal_choices row, with why and the order it concerns). In
 * the caller's transaction; the licence is locked here if the caller has not. Tells no one: the
 * caller's one message does. Answers the licence as written, or null when it did not renew.
 */
export async function stopAutoRenew(
  tx: Tx,
  licenseId: string,
  stop: { actor: 'system' | 'admin'; adminId?: number | null; reason: string; now: Date; orderId?: number | null },
): Promise<LicenseRow | null> {
  const license = await lockLicenseIfAny(tx, licenseId);
  if (!license?.autoRenew) return null;
  const by = stop.actor === 'admin' && stop.adminId != null ? { actor: 'admin' as const, adminId: stop.adminId } : { actor: 'system' as const };
  return turnAutoRenew(tx, license, by, { on: false, reason: stop.reason, orderId: stop.orderId ?? null }, stop.now);
}
