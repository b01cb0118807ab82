import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Paged } from '@lbs/domain/paging';
import type { TRenewalCard } from '@lbs/domain/responses';
import type { Db, DbOrTx } from '../../db/client';
import { licenses, orders, paymentMethods } from '../../db/schema';
import type { OpenRenewal } from './find-open-renewals';
import { licensesJson } from './list-licenses';

type LicenseRow = typeof licenses.$inferSelect;

/**
 * Each licence's open automatic renewal order (as findOpenRenewals reads it) and its holder's saved
 * card in use (what its renewals charge), in one query for a page: a licence has at most one open
 * renewal order, a customer at most one card in use (payment_methods_one_in_use_uq), so each
 * licence is one row. The back office's lists read this instead of findOpenRenewals, so a page
 * costs the same statements as the account area's.
 */
export async function findOpenRenewalsAndCards(
  db: DbOrTx,
  licenseIds: readonly string[],
): Promise<{ renewals: Map<string, OpenRenewal>; cards: Map<string, TRenewalCard> }> {
  const renewals = new Map<string, OpenRenewal>();
  const cards = new Map<string, TRenewalCard>();
  if (licenseIds.length === 0) return { renewals, cards };
  // The attempt the customer is told about: an open retry after a failure still shows that failure.
  const failedAttempts = sql`from renewal_charges c where c.order_id = ${orders.id} and c.status in ('failed', 'requires_action')`;
  const rows = await db
    .select({
      licenseId: licenses.id,
      orderId: orders.id,
      termEnd: orders.renewalTermEnd,
      totalCents: orders.totalCents,
      nextChargeAt: orders.nextChargeAt,
      failed: sql<boolean>`exists (select 1 ${failedAttempts})`,
      failure: sql<string | null>`(select coalesce(c.failure_message, c.failure_code) ${failedAttempts} order by c.attempt desc limit 1)`,
      brand: paymentMethods.brand,
      last4: paymentMethods.last4,
      expMonth: paymentMethods.expMonth,
      expYear: paymentMethods.expYear,
    })
    .from(licenses)
    .leftJoin(paymentMethods, and(eq(paymentMethods.userId, licenses.userId), isNull(paymentMethods.detachedAt)))
    .leftJoin(orders, and(eq(orders.renewalLicenseId, licenses.id), isNotNull(orders.renewalTermEnd), isNull(orders.paidAt), isNull(orders.cancelledAt)))
    .where(inArray(licenses.id, [...licenseIds]));
  for (const r of rows) {
    if (r.orderId !== null && r.termEnd !== null && r.totalCents !== null) {
      renewals.set(r.licenseId, { orderId: r.orderId, termEnd: r.termEnd, totalCents: r.totalCents, nextChargeAt: r.nextChargeAt, failed: Boolean(r.failed), failure: r.failure });
    }
    if (r.brand !== null && r.last4 !== null) cards.set(r.licenseId, { brand: r.brand, last4: r.last4, exp_month: r.expMonth, exp_year: r.expYear });
  }
  return { renewals, cards };
}

/**
 * Licence rows as the back office shows them (LICENSES, the customer page): the account area's
 * JSON, with its renewal state (auto_renew, renewal_due), plus the holder's saved card
 * (`renewal_card`), each read once for the whole page.
 */
export async function adminLicensesJson(db: Db, rows: ReadonlyArray<LicenseRow>, now: Date) {
  let cards = new Map<string, TRenewalCard>();
  const items = await licensesJson(db, rows, now, async (d, ids) => {
    const found = await findOpenRenewalsAndCards(d, ids);
    cards = found.cards;
    return found.renewals;
  });
  return items.map((json) => ({ ...json, renewal_card: cards.get(json._id) ?? null }));
}

/** A page of licence rows as the back office shows them (adminLicensesJson). */
export async function adminLicensePageJson(db: Db, page: Paged<LicenseRow>, now: Date) {
  return { ...page, items: await adminLicensesJson(db, page.items, now) };
}
