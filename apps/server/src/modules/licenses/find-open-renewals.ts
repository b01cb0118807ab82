import { and, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';

/** A licence's open automatic renewal order (decision 0021), as the licence JSON shows it. */
export interface OpenRenewal {
  orderId: number;
  /** E: the end of the term this order renews. */
  termEnd: Date;
  totalCents: number;
  nextChargeAt: Date | null;
  /** A charge attempt of it failed or asked for authentication. */
  failed: boolean;
  /** The latest such attempt's reason, as the provider gave it. */
  failure: string | null;
}

/**
 * The open (unpaid, not abandoned) automatic renewal orders of these licences, by licence id: one
 * query for a whole page, with each order's latest failed attempt read beside it. A licence has at
 * most one open renewal at a time (the job prepares the next only once this one is paid or given up).
 */
export async function findOpenRenewals(db: DbOrTx, licenseIds: readonly string[]): Promise<Map<string, OpenRenewal>> {
  if (licenseIds.length === 0) return new Map();
  // The attempt the customer is told about: an open retry after a failure still shows that failure.
  const failedAttempts = sql`from renewal_charges c where c.order_id = ${orders.id} and c.status in ('failed', 'requires_action')`;
  const failed = sql<boolean>`exists (select 1 ${failedAttempts})`;
  const failure = sql<string | null>`(select coalesce(c.failure_message, c.failure_code) ${failedAttempts} order by c.attempt desc limit 1)`;
  const rows = await db
    .select({
      licenseId: orders.renewalLicenseId,
      orderId: orders.id,
      termEnd: orders.renewalTermEnd,
      totalCents: orders.totalCents,
      nextChargeAt: orders.nextChargeAt,
      failed,
      failure,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.renewalLicenseId, [...licenseIds]),
        isNotNull(orders.renewalTermEnd),
        isNull(orders.paidAt),
        isNull(orders.cancelledAt),
      ),
    );
  const open = new Map<string, OpenRenewal>();
  for (const row of rows) {
    open.set(row.licenseId!, {
      orderId: row.orderId,
      termEnd: row.termEnd!,
      totalCents: row.totalCents,
      nextChargeAt: row.nextChargeAt,
      failed: row.failed,
      failure: row.failure,
    });
  }
  return open;
}
