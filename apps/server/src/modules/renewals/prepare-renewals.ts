import { and, eq, inArray, isNotNull, isNull, lte, notExists, sql } from 'drizzle-orm';
import { truncateKey } from '@lbs/domain/license-terms';
import { MSG } from '@lbs/domain/messages';
import { graceUntilOf } from '@lbs/domain/renewals';
import type { AppContext } from '../../app-context';
import type { Tx } from '../../db/client';
import { licenses, orderLines, orders, paymentMethods, products, users } from '../../db/schema';
import { setLicenseGrace } from '../license-changes/renewal-grace';
import type { LicenseRow } from '../license-changes/write-licenses';
import { renewalChargeCents } from './renewal-price';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The licences whose renewal is due to be prepared (decision 0021): renewing, neither revoked nor
 * suspended, Monthly or Yearly, ending within RENEWAL_LEAD_DAYS, with no live order for this term
 * yet (one term, one order). An order given up (renewal turned off, a suspension) does not count:
 * renewal turned on again, or the licence reinstated, within the lead window prepares the term
 * again, and a late success of the given-up order's charge is refunded (paid after cancel). Claimed with SKIP LOCKED, so processes
 * running the job at once take different licences.
 */
function claimDue(tx: Tx, now: Date, leadDays: number, limit: number): Promise<LicenseRow[]> {
  return tx
    .select()
    .from(licenses)
    .where(
      and(
        eq(licenses.autoRenew, true),
        isNull(licenses.revokedAt),
        isNull(licenses.suspendedAt),
        inArray(licenses.type, ['month', 'year']),
        isNotNull(licenses.expiresAt),
        lte(licenses.expiresAt, new Date(now.getTime() + leadDays * DAY_MS)),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(orders)
            .where(and(eq(orders.renewalLicenseId, licenses.id), eq(orders.renewalTermEnd, licenses.expiresAt), isNull(orders.cancelledAt))),
        ),
      ),
    )
    .orderBy(licenses.expiresAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * One batch in one transaction: per licence, the renewal order for its term end E (a renewal line
 * at the plan's price now, or the lower price its holder was told), its first charge scheduled now,
 * and the licence's grace set to E + RENEWAL_GRACE_DAYS. A holder without a saved card still gets
 * the order: its first charge fails as "no card" and they are told, with the account area's link
 * to pay or add a card. Answers how many orders were written (fewer than `limit`: the pass is done;
 * a licence skipped stays due and never loops the pass).
 */
export async function prepareRenewalBatch(ctx: AppContext, now: Date, limit: number): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const due = await claimDue(tx, now, ctx.config.RENEWAL_LEAD_DAYS, limit);
    if (due.length === 0) return 0;
    const plans = await tx.select().from(products).where(eq(products.kind, 'license'));
    const facts = await renewalFactsOf(tx, due);
    let prepared = 0;
    for (const license of due) {
      const plan = plans.filter((p) => p.licenseType === license.type).sort((a, b) => Number(b.active) - Number(a.active))[0];
      if (plan && (await prepareOne(tx, ctx, license, plan, facts.get(license.id)!, now))) prepared++;
    }
    return prepared;
  });
}

/** What a renewal order copies from elsewhere: the holder's email, their card's provider, the first order's billing country. */
interface RenewalFacts {
  email: string | null;
  cardProvider: 'local' | 'stripe' | null;
  billingCountry: string | null;
}

/** The batch's facts in one statement (not three reads a licence). */
async function renewalFactsOf(tx: Tx, due: readonly LicenseRow[]): Promise<Map<string, RenewalFacts>> {
  const rows = await tx
    .select({ id: licenses.id, email: users.email, cardProvider: paymentMethods.provider, billingCountry: orders.billingCountry })
    .from(licenses)
    .innerJoin(users, eq(users.id, licenses.userId))
    .leftJoin(paymentMethods, and(eq(paymentMethods.userId, licenses.userId), isNull(paymentMethods.detachedAt)))
    .leftJoin(orders, eq(orders.id, licenses.orderId))
    .where(inArray(licenses.id, due.map((l) => l.id)));
  return new Map(rows.map((r) => [r.id, { email: r.email, cardProvider: r.cardProvider, billingCountry: r.billingCountry }]));
}

async function prepareOne(tx: Tx, ctx: AppContext, license: LicenseRow, plan: typeof products.$inferSelect, facts: RenewalFacts, now: Date): Promise<boolean> {
  const termEnd = license.expiresAt!;
  const priceCents = renewalChargeCents(plan.priceCents, license.renewalPriceCents);
  const [order] = await tx
    .insert(orders)
    .values({
      userId: license.userId,
      email: facts.email ?? license.email,
      status: 'pending',
      paymentStatus: 'unpaid',
      needsShipping: false,
      billingCountry: facts.billingCountry,
      subtotalCents: priceCents,
      shippingCents: 0,
      discountCents: 0,
      totalCents: priceCents,
      paymentProvider: facts.cardProvider ?? 'local',
      renewalLicenseId: license.id,
      renewalTermEnd: termEnd,
      nextChargeAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: orders.id });
  if (!order) return false;
  await tx.insert(orderLines).values({
    orderId: order.id,
    productId: plan.id,
    name: `${plan.name} (${MSG.renewalOf(truncateKey(license.licenseKey))})`,
    unitPriceCents: priceCents,
    quantity: 1,
    lineTotalCents: priceCents,
    renewsLicenseId: license.id,
  });
  await setLicenseGrace(tx, license.id, graceUntilOf(termEnd, ctx.config.RENEWAL_GRACE_DAYS));
  return true;
}
