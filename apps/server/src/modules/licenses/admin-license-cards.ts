import { and, inArray, isNull } from 'drizzle-orm';
import type { Paged } from '@lbs/domain/paging';
import type { TRenewalCard } from '@lbs/domain/responses';
import type { Db, DbOrTx } from '../../db/client';
import { licenses, paymentMethods } from '../../db/schema';
import { licensesJson } from './list-licenses';

type LicenseRow = typeof licenses.$inferSelect;

/**
 * The saved card in use of each of these holders, by holder id: what their licences' automatic
 * renewals charge (at most one per customer, payment_methods_one_in_use_uq). One query for a page.
 */
export async function findRenewalCards(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, TRenewalCard>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: paymentMethods.userId, brand: paymentMethods.brand, last4: paymentMethods.last4, expMonth: paymentMethods.expMonth, expYear: paymentMethods.expYear })
    .from(paymentMethods)
    .where(and(inArray(paymentMethods.userId, [...new Set(userIds)]), isNull(paymentMethods.detachedAt)));
  return new Map(rows.map((r) => [r.userId, { brand: r.brand, last4: r.last4, exp_month: r.expMonth, exp_year: r.expYear }]));
}

/**
 * Licence rows as the back office shows them (LICENSES, the customer page): the account area's
 * JSON, with its renewal state (auto_renew, renewal_due), plus the holder's saved card
 * (`renewal_card`), each read once for the whole page.
 */
export async function adminLicensesJson(db: Db, rows: ReadonlyArray<LicenseRow>, now: Date) {
  const [items, cards] = await Promise.all([licensesJson(db, rows, now), findRenewalCards(db, rows.map((l) => l.userId))]);
  return items.map((json, i) => ({ ...json, renewal_card: cards.get(rows[i]!.userId) ?? null }));
}

/** A page of licence rows as the back office shows them (adminLicensesJson). */
export async function adminLicensePageJson(db: Db, page: Paged<LicenseRow>, now: Date) {
  return { ...page, items: await adminLicensesJson(db, page.items, now) };
}
