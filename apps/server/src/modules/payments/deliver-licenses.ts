import { eq } from 'drizzle-orm';
import type { LicenseType } from '@lbs/domain/catalogue';
import type { Tx } from '../../db/client';
import { orderLines } from '../../db/schema';
import { type IssuedLicense, issuePurchasedLicenses, type LicenseUnit } from '../license-changes/issue-licenses';
import { renewLicense } from '../license-changes/renew-license';
import type { RenewedKey } from './receipt-mail';

/** An order line as the licence delivery needs it: what it bought, and which licence it renews. */
export interface LicenseLine {
  id: number;
  name: string;
  productName: string;
  renewsLicenseId: string | null;
  quantity: number;
  licenseType: LicenseType | null;
  kind: 'accessory' | 'license';
}

export interface DeliveredLicenses {
  licenses: IssuedLicense[];
  renewed: Array<RenewedKey & { id: string }>;
}

/**
 * The licences a paid order bought, inside the fulfilment transaction: one new key per licence
 * unit, or, for a renewal line, the buyer's licence extended (and the line notes until when).
 */
export async function deliverLicenses(
  tx: Tx,
  order: { id: number; userId: number; email: string; renewalTermEnd?: Date | null },
  lines: readonly LicenseLine[],
  paidAt: Date,
): Promise<DeliveredLicenses> {
  const units: LicenseUnit[] = [];
  const renewed: DeliveredLicenses['renewed'] = [];
  for (const line of lines) {
    if (line.kind !== 'license' || !line.licenseType) continue;
    const type = line.licenseType;
    if (line.renewsLicenseId) {
      const renewal = await renewLicense(tx, { licenseId: line.renewsLicenseId, userId: order.userId, type, paidAt, termEnd: order.renewalTermEnd });
      if (renewal) {
        // An unused Daily pass has no end yet (its hours start at its first activation): no date to note.
        // What it was before, too: a refund of this line takes back only the term it added.
        await tx
          .update(orderLines)
          .set({
            renewedUntil: renewal.unstarted ? null : renewal.expiresAt,
            renewedFrom: renewal.previousExpiresAt,
            renewedFromTermHours: renewal.previousUnstartedTermHours,
          })
          .where(eq(orderLines.id, line.id));
        renewed.push({ id: renewal.id, key: renewal.key, name: line.productName, expiresAt: renewal.expiresAt, unstarted: renewal.unstarted });
        continue;
      }
      // Revoked between checkout and payment: the term paid for comes as a new key instead.
    }
    for (let i = 0; i < line.quantity; i++) units.push({ type, name: line.renewsLicenseId ? line.productName : line.name });
  }
  const licenses = await issuePurchasedLicenses(tx, { userId: order.userId, email: order.email, orderId: order.id, paidAt, units });
  return { licenses, renewed };
}
