import { and, asc, eq, isNull } from 'drizzle-orm';
import type { LicenseType } from '@lbs/domain/catalogue';
import { isAutoRenewableType } from '@lbs/domain/renewals';
import type { Tx } from '../../db/client';
import { orderLines, products, renewalChoices } from '../../db/schema';
import { type IssuedLicense, issuePurchasedLicenses, type LicenseUnit } from '../license-changes/issue-licenses';
import { lockLicenseIfAny } from '../license-changes/lock-license';
import { renewLicense } from '../license-changes/renew-license';
import { recordRenewalChoices, type RenewalChoice, turnAutoRenew } from '../license-changes/turn-auto-renew';
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
 *
 * An order whose buyer chose "Renew automatically" (its consent named every Monthly and Yearly
 * line, renewal lines included) issues those keys renewing and turns renewal on for the licences
 * its renewal lines extend, each at its plan's price (what the renewals charge: a promotion code
 * applies to this first payment only), and records the consent against each licence.
 */
export async function deliverLicenses(
  tx: Tx,
  order: { id: number; userId: number; email: string; renewAutomatically?: boolean; renewalTermEnd?: Date | null },
  lines: readonly LicenseLine[],
  paidAt: Date,
): Promise<DeliveredLicenses> {
  const consent = order.renewAutomatically ? await consentOf(tx, order.id) : null;
  const units: LicenseUnit[] = [];
  const renewed: DeliveredLicenses['renewed'] = [];
  for (const line of lines) {
    if (line.kind !== 'license' || !line.licenseType) continue;
    const type = line.licenseType;
    const autoRenew = consent && isAutoRenewableType(type) ? { priceCents: consent.planPriceCents.get(line.id)! } : null;
    if (line.renewsLicenseId) {
      const renewal = await renewLicense(tx, { licenseId: line.renewsLicenseId, userId: order.userId, type, paidAt, termEnd: order.renewalTermEnd });
      if (renewal && autoRenew && consent) {
        // Locked already by the renewal; a suspended key keeps its term but does not start renewing.
        const license = await lockLicenseIfAny(tx, renewal.id);
        if (license && !license.suspendedAt && !license.autoRenew) {
          await turnAutoRenew(tx, license, { actor: 'customer' }, { ...consent.change, priceCents: autoRenew.priceCents }, paidAt);
        }
      }
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
    for (let i = 0; i < line.quantity; i++) units.push({ type, name: line.renewsLicenseId ? line.productName : line.name, autoRenew });
  }
  const licenses = await issuePurchasedLicenses(tx, { userId: order.userId, email: order.email, orderId: order.id, paidAt, units });
  if (consent) {
    // One consent row per key, with the order's words: each licence's history reads on its own.
    const renewing = licenses.filter((l) => l.renewalPriceCents != null).map((l) => l.id);
    await recordRenewalChoices(tx, renewing, order.userId, { actor: 'customer' }, consent.change, paidAt);
  }
  return { licenses, renewed };
}

/**
 * The consent the checkout stored for this order (its renewal_choices row without a licence) and
 * the plan price of each of its lines now, which its renewals will charge.
 */
async function consentOf(tx: Tx, orderId: number) {
  const [choice] = await tx
    .select({ words: renewalChoices.words, language: renewalChoices.language })
    .from(renewalChoices)
    .where(and(eq(renewalChoices.orderId, orderId), isNull(renewalChoices.licenseId), eq(renewalChoices.autoRenew, true)))
    .orderBy(asc(renewalChoices.id))
    .limit(1);
  const prices = await tx
    .select({ lineId: orderLines.id, priceCents: products.priceCents })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, orderId));
  const change: Extract<RenewalChoice, { on: true }> = {
    on: true,
    words: choice?.words ?? null,
    language: choice?.language ?? null,
    orderId,
  };
  return { change, planPriceCents: new Map(prices.map((p) => [p.lineId, p.priceCents])) };
}
