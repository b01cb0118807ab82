import crypto from 'node:crypto';
import type { LicenseType } from '@lbs/domain/catalogue';
import {
  formatLicenseKey,
  initialReminderStage,
  LICENSE_KEY_BYTES,
  purchasedLicenseExpiry,
  startsOnFirstActivation,
  unstartedPassTerms,
} from '@lbs/domain/license-terms';
import type { DbOrTx } from '../../db/client';
import { licenses } from '../../db/schema';

export interface LicenseUnit {
  type: LicenseType;
  /** Product name, for the receipt. */
  name: string;
}

export interface IssuedLicense {
  id: string;
  key: string;
  type: LicenseType;
  name: string;
  startAt: Date;
  /** For an unstarted Daily pass: its activate-by date (the end of an unused pass). */
  expiresAt: Date;
  /** A Daily pass: the latest first activation, which starts its hours; null for other plans. */
  activateBy: Date | null;
}

/**
 * One key per licence unit bought (DESIGN §4: quantity N gives N keys, one device each). Each key
 * is 150 random bits from the OS CSPRNG, shown in groups. Its term starts at payment, except a
 * Daily pass's, which starts at its first activation (by payment + 12 months: unstartedPassTerms).
 */
export async function issuePurchasedLicenses(
  tx: DbOrTx,
  purchase: { userId: number; email: string; orderId: number; paidAt: Date; units: readonly LicenseUnit[] },
): Promise<IssuedLicense[]> {
  if (purchase.units.length === 0) return [];
  const values = purchase.units.map((unit) => {
    const terms = startsOnFirstActivation(unit.type)
      ? unstartedPassTerms(purchase.paidAt)
      : { startAt: purchase.paidAt, expiresAt: purchasedLicenseExpiry(unit.type, purchase.paidAt), activateBy: null, unstartedTermHours: null };
    return {
      licenseKey: formatLicenseKey(crypto.randomBytes(LICENSE_KEY_BYTES)),
      type: unit.type,
      userId: purchase.userId,
      orderId: purchase.orderId,
      email: purchase.email,
      ...terms,
      reminderStage: initialReminderStage(terms.expiresAt, purchase.paidAt),
    };
  });
  const rows = await tx.insert(licenses).values(values).returning({ id: licenses.id, key: licenses.licenseKey });
  return rows.map((row, i) => ({
    id: row.id,
    key: row.key,
    type: purchase.units[i]!.type,
    name: purchase.units[i]!.name,
    startAt: purchase.paidAt,
    expiresAt: values[i]!.expiresAt,
    activateBy: values[i]!.activateBy,
  }));
}
