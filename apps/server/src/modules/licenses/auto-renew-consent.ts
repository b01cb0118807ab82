import { and, asc, eq } from 'drizzle-orm';
import { isLicenseCurrent } from '@lbs/domain/license-terms';
import { isAutoRenewableType, isInGrace, renewalConsentWords, type RenewalConsentLanguage } from '@lbs/domain/renewals';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import type { LicenseRow } from '../license-changes/write-licenses';

/** Why a licence's holder may not turn its automatic renewal on (a 409), or null when they may. */
export function autoRenewOnRefusal(license: LicenseRow, now: Date): string | null {
  if (!isAutoRenewableType(license.type)) return 'Only Monthly and Yearly licenses renew automatically';
  if (license.revokedAt) return 'This license is revoked; it cannot renew';
  if (license.suspendedAt) return 'This license is suspended; it cannot renew while suspended';
  if (!isLicenseCurrent(license, now)) return 'This license has ended; renew it from the cart to start a new term';
  if (isInGrace(license, now)) return 'This license’s renewal is due: pay it now to keep it, then it renews again';
  return null;
}

/** The plan a licence renews on: its name and price now (what each automatic renewal charges). */
export async function renewalPlanOf(db: DbOrTx, type: 'month' | 'year'): Promise<{ name: string; priceCents: number } | undefined> {
  const [plan] = await db
    .select({ name: products.name, priceCents: products.priceCents })
    .from(products)
    .where(and(eq(products.kind, 'license'), eq(products.licenseType, type), eq(products.active, true)))
    .orderBy(asc(products.id))
    .limit(1);
  return plan;
}

/** The consent words for turning one licence's renewal on: its plan at its price now, one licence. */
export function licenseConsentWords(plan: { name: string; priceCents: number }, type: 'month' | 'year', language: RenewalConsentLanguage = 'en'): string {
  return renewalConsentWords([{ planName: plan.name, type, unitPriceCents: plan.priceCents, quantity: 1 }], language);
}
