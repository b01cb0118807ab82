import { and, asc, eq, gte, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { findPlanByLicenseType } from '@lbs/domain/catalogue';
import type { DbOrTx, Tx } from '../../db/client';
import { licenses, products } from '../../db/schema';
import { writeLicenses, type LicenseRow } from './write-licenses';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A renewal price change is announced while the next charge is between the notice days and this
 * many days more away: the range the claim scans stays bounded whatever the number of licences
 * that renew, and a job that ran at least once in those two weeks told everyone in time.
 */
export const PRICE_NOTICE_WINDOW_DAYS = 14;

/** What the price notice reads: the days a charge comes before the end (RENEWAL_LEAD_DAYS) and the notice owed. */
export interface PriceNoticeRules {
  leadDays: number;
  noticeDays: number;
}

export interface RenewalPriceTold {
  license: LicenseRow;
  /** The price the holder had been told (at consent or by an earlier notice). */
  wasCents: number;
  /** The plan's price now: what the renewal of the term ending at license.expiresAt charges. */
  nowCents: number;
}

/**
 * The licences of `type` that renew automatically, whose holder was told a price other than
 * `priceCents`, and whose next charge (the renewal job's, `leadDays` before the end) is at least
 * `noticeDays` away (and within the notice window), earliest end first, locked for the caller's
 * transaction (rows another process holds are skipped). A range scan of the renewal job's partial
 * index by end (licenses_renewal_due_idx).
 */
export function dueForPriceNotice(
  db: DbOrTx,
  now: Date,
  limit: number,
  rules: PriceNoticeRules,
  plan: { type: 'month' | 'year'; priceCents: number },
) {
  const earliest = new Date(now.getTime() + (rules.noticeDays + rules.leadDays) * DAY_MS);
  return db
    .select({ id: licenses.id, wasCents: licenses.renewalPriceCents })
    .from(licenses)
    .where(
      and(
        // The partial index's own predicate, written out so that even a generic plan can use it.
        sql`${licenses.autoRenew} and ${licenses.revokedAt} is null`,
        gte(licenses.expiresAt, earliest),
        lt(licenses.expiresAt, new Date(earliest.getTime() + PRICE_NOTICE_WINDOW_DAYS * DAY_MS)),
        eq(licenses.type, plan.type),
        isNull(licenses.suspendedAt),
        isNotNull(licenses.renewalPriceCents),
        ne(licenses.renewalPriceCents, plan.priceCents),
      ),
    )
    .orderBy(asc(licenses.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * The price notice's verb (DESIGN §6.3, "a price change reaches a renewing customer at least 7 days
 * before the charge"): claims up to `limit` licences due for it (dueForPriceNotice) and records
 * the plan's price now as told now; the caller tells each holder in the same transaction. A charge
 * that comes sooner is never claimed, so it keeps the price told before (the term after it is
 * told in time). Two processes never tell one holder twice: the claim skips locked rows and a
 * claimed row no longer differs. A licence with no price recorded is left alone: it was never told
 * one, and its renewal charges the plan's price as its consent said.
 */
export async function claimRenewalPriceChanges(
  tx: Tx,
  now: Date,
  limit: number,
  rules: PriceNoticeRules,
): Promise<RenewalPriceTold[]> {
  const told: RenewalPriceTold[] = [];
  for (const type of ['month', 'year'] as const) {
    if (told.length >= limit) break;
    const plan = findPlanByLicenseType(type);
    if (!plan) continue;
    const [product] = await tx
      .select({ priceCents: products.priceCents })
      .from(products)
      .where(eq(products.id, plan.id));
    if (!product) continue;
    const due = await dueForPriceNotice(tx, now, limit - told.length, rules, {
      type,
      priceCents: product.priceCents,
    });
    if (due.length === 0) continue;
    const written = await writeLicenses(
      tx,
      due.map((d) => d.id),
      { renewalPriceCents: product.priceCents, renewalPriceToldAt: now },
    );
    const was = new Map(due.map((d) => [d.id, d.wasCents!]));
    told.push(
      ...written.map((license) => ({
        license,
        wasCents: was.get(license.id)!,
        nowCents: product.priceCents,
      })),
    );
  }
  return told;
}
