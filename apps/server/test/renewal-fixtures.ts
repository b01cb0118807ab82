import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { findPlanByLicenseType } from '@lbs/domain/catalogue';
import { truncateKey } from '@lbs/domain/license-terms';
import type { Db } from '../src/db/client';
import { licenses, localPaymentSessions, orderLines, orders } from '../src/db/schema';
import { setLicenseGrace } from '../src/modules/license-changes/renewal-grace';

type License = typeof licenses.$inferSelect;

/**
 * What the renewal job leaves behind when it prepares a licence's automatic renewal (decision
 * 0021), written straight to the tables: an unpaid order for the term ending at the licence's
 * expires_at (E), with one renewal line at the plan's price, and the licence's grace_until set
 * (E + `graceDays`) through the wing's verb. For the tests of what meets a pending renewal; the
 * job itself is tested with the engine.
 */
export async function insertOpenRenewalOrder(db: Db, license: License, opts: { graceDays?: number; priceCents?: number } = {}) {
  const plan = findPlanByLicenseType(license.type)!;
  const unit = opts.priceCents ?? Math.round(plan.price * 100);
  const E = license.expiresAt!;
  const [order] = await db
    .insert(orders)
    .values({
      userId: license.userId,
      email: license.email,
      needsShipping: false,
      subtotalCents: unit,
      shippingCents: 0,
      discountCents: 0,
      totalCents: unit,
      paymentProvider: 'local',
      renewalLicenseId: license.id,
      renewalTermEnd: E,
      nextChargeAt: new Date(),
    })
    .returning();
  await db.insert(orderLines).values({
    orderId: order!.id,
    productId: plan.id,
    name: `${plan.name} (Renewal of ${truncateKey(license.licenseKey)})`,
    unitPriceCents: unit,
    quantity: 1,
    lineTotalCents: unit,
    renewsLicenseId: license.id,
  });
  const graceUntil = new Date(E.getTime() + (opts.graceDays ?? 7) * 24 * 3600 * 1000);
  await db.transaction((tx) => setLicenseGrace(tx, license.id, graceUntil));
  return { order: order!, graceUntil };
}

/** A local pay session the provider reports paid for `orderId` (as a charge in flight that succeeded), stored on the order. */
export async function insertPaidLocalSession(db: Db, orderId: number, amountCents: number): Promise<string> {
  const id = `lps_${crypto.randomBytes(12).toString('hex')}`;
  await db.insert(localPaymentSessions).values({ id, orderId, amountCents, status: 'paid', completedAt: new Date() });
  await db.update(orders).set({ paymentSessionId: id }).where(eq(orders.id, orderId));
  return id;
}

export const orderById = async (db: Db, id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
export const licenseById = async (db: Db, id: string) => (await db.select().from(licenses).where(eq(licenses.id, id)))[0]!;
