import type { Tx } from '../../db/client';
import { renewalChoices } from '../../db/schema';
import { writeLicense, type LicenseRow } from './write-licenses';

/**
 * Automatic renewal turned off by the shop itself (DESIGN §6.3): grace ended unpaid. The change of
 * mind is a renewal_choices row (actor 'system', with why), as every turn on or off is. The caller
 * has locked the licence and tells the customer (the grace's end has its own mail).
 */
export async function stopAutoRenewBySystem(
  tx: Tx,
  stop: { license: LicenseRow; reason: string; orderId: number | null },
): Promise<LicenseRow> {
  const written = await writeLicense(tx, stop.license.id, { autoRenew: false });
  await tx.insert(renewalChoices).values({
    userId: stop.license.userId,
    licenseId: stop.license.id,
    orderId: stop.orderId,
    autoRenew: false,
    actor: 'system',
    reason: stop.reason,
  });
  return written;
}
