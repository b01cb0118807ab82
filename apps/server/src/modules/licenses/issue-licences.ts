import crypto from 'node:crypto';
import type { LicenseType } from '@lbs/domain/catalogue';
import { formatLicenceKey, LICENSE_KEY_BYTES, purchasedLicenceExpiry } from '@lbs/domain/licence-terms';
import type { DbOrTx } from '../../db/client';
import { licenses } from '../../db/schema';

export interface LicenceUnit {
  type: LicenseType;
  /** Product name, for the receipt. */
  name: string;
}

export interface IssuedLicence {
  id: string;
  key: string;
  type: LicenseType;
  name: string;
  startAt: Date;
  expiresAt: Date;
}

/**
 * One key per licence unit bought (DESIGN §4: quantity N gives N keys, one device each). Each key
 * is 150 random bits from the OS CSPRNG, shown in groups; its term starts at payment.
 */
export async function issuePurchasedLicences(
  tx: DbOrTx,
  purchase: { userId: number; email: string; orderId: number; paidAt: Date; units: readonly LicenceUnit[] },
): Promise<IssuedLicence[]> {
  if (purchase.units.length === 0) return [];
  const values = purchase.units.map((unit) => ({
    licenseKey: formatLicenceKey(crypto.randomBytes(LICENSE_KEY_BYTES)),
    type: unit.type,
    userId: purchase.userId,
    orderId: purchase.orderId,
    email: purchase.email,
    startAt: purchase.paidAt,
    expiresAt: purchasedLicenceExpiry(unit.type, purchase.paidAt),
  }));
  const rows = await tx.insert(licenses).values(values).returning({ id: licenses.id, key: licenses.licenseKey });
  return rows.map((row, i) => ({
    id: row.id,
    key: row.key,
    type: purchase.units[i]!.type,
    name: purchase.units[i]!.name,
    startAt: purchase.paidAt,
    expiresAt: values[i]!.expiresAt,
  }));
}
