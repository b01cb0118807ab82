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
import { formatDate } from '@lbs/domain/dates';
import { MSG } from '@lbs/domain/messages';
import { isAutoRenewableType } from '@lbs/domain/renewals';
import type { DbOrTx, Tx } from '../../db/client';
import { licenses } from '../../db/schema';
import type { AuditActor } from '../audit/record-admin-action';
import type { Customer } from '../notifications/customer-of';
import { tellCustomer } from '../notifications/tell-customer';
import { auditView, recordLicenseAction } from './license-audit';
import type { LicenseRow } from './write-licenses';

export interface LicenseUnit {
  type: LicenseType;
  /** Product name, for the receipt. */
  name: string;
  /**
   * Issued renewing automatically (its order carried the consent, DESIGN §6.3): the price each
   * renewal charges, as the consent told it. Only Monthly and Yearly keys renew.
   */
  autoRenew?: { priceCents: number } | null;
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
  /** Issued renewing automatically: the price each renewal charges; null (or absent) when it does not renew. */
  renewalPriceCents?: number | null;
}

/**
 * One key per licence unit bought (DESIGN §4: quantity N gives N keys, one device each). Each key
 * is 150 random bits from the OS CSPRNG, shown in groups. Its term starts at payment, except a
 * Daily pass's, which starts at its first activation (by payment + 12 months: unstartedPassTerms).
 * A Monthly or Yearly unit bought with "Renew automatically" is issued renewing, its renewal price
 * told at payment (the caller records the consent per key: recordRenewalChoices).
 * The payment's verb: the order's receipt tells the customer their keys.
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
      ...(unit.autoRenew && isAutoRenewableType(unit.type)
        ? { autoRenew: true, renewalPriceCents: unit.autoRenew.priceCents, renewalPriceToldAt: purchase.paidAt }
        : {}),
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
    renewalPriceCents: values[i]!.renewalPriceCents ?? null,
  }));
}

/** The term of a key an admin issues: computed by the caller from what the admin asked. */
export interface IssuedTerms {
  startAt: Date;
  expiresAt: Date | null;
  activateBy: Date | null;
  unstartedTermHours: number | null;
}

/**
 * An admin issues a key to an existing customer, on the terms the caller worked out: the key, the
 * customer's notification and mail (the key in full: it is theirs) and the audit row (without the
 * key) commit together.
 */
export async function issueLicenseByAdmin(
  tx: Tx,
  actor: AuditActor,
  customer: Customer,
  type: LicenseRow['type'],
  terms: IssuedTerms,
  now: Date,
): Promise<LicenseRow> {
  const [license] = await tx
    .insert(licenses)
    .values({
      licenseKey: formatLicenseKey(crypto.randomBytes(LICENSE_KEY_BYTES)),
      type,
      userId: customer.id,
      email: customer.email,
      ...terms,
      reminderStage: initialReminderStage(terms.expiresAt, now),
    })
    .returning();
  // Dates in the customer's zone: 06:57 on the 26th in Singapore is still the 25th in UTC.
  const day = (date: Date) => formatDate(date, customer.timeZone);
  const validity = terms.activateBy
    ? `a Daily pass whose 24 hours start when you first activate it (activate it by ${day(terms.activateBy)})`
    : terms.expiresAt
      ? `valid from ${day(terms.startAt)} until ${day(terms.expiresAt)}`
      : `valid from ${day(terms.startAt)}, never expires`;
  await tellCustomer(tx, customer, {
    type: 'license_purchase',
    title: 'License issued',
    message: `A LentiBooth license was issued to you, ${validity}. Find the key in your email and under Your Subscriptions.`,
    mailMessage: `A LentiBooth license was issued to your account, ${validity}. It is also under Your Subscriptions in your account.`,
    subject: 'Your LentiBooth license key',
    rows: terms.activateBy
      ? [
          ['License key', license!.licenseKey],
          ['Starts', MSG.licenseStartsOnFirstActivation],
          ['Activate by', day(terms.activateBy)],
        ]
      : [
          ['License key', license!.licenseKey],
          ['Valid from', day(terms.startAt)],
          ['Valid until', terms.expiresAt ? day(terms.expiresAt) : 'Never expires'],
        ],
  });
  await recordLicenseAction(tx, actor, 'license.generated', license!, { before: null, after: auditView(license!) });
  return license!;
}
