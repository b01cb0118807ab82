import crypto from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { findPlanByLicenseType } from '@lbs/domain/catalogue';
import { truncateKey } from '@lbs/domain/license-terms';
import type { TestApp } from './build-test-app';
import { insertLicense } from './account-fixtures';
import { createUserWithSession, type TestUser } from './fixtures';
import type { Db } from '../src/db/client';
import { licenses, localPaymentSessions, orderLines, orders, paymentMethods, renewalCharges } from '../src/db/schema';
import { setLicenseGrace } from '../src/modules/license-changes/renewal-grace';
import { runRenewalJob } from '../src/modules/renewals/renewal-job';

// Licences that recur, in tests (decision 0021): a renewing licence and the job run at a moment
// (the engine's tests), and what the job leaves behind written straight to the tables (the tests of
// what meets a pending renewal).

type License = typeof licenses.$inferSelect;

export const DAY = 24 * 60 * 60 * 1000;
export const MONTH = 30 * DAY;

/** Stripe's test numbers, as the local provider's saved card holds them. */
export const CARD = {
  succeeds: '4242424242424242',
  declinesLater: '4000000000000341',
  authentication: '4000002760003184',
  declined: '4000000000000002',
} as const;

/** A Monthly (or Yearly) licence that renews automatically, its holder's card saved, ending at `expiresAt`. */
export async function renewingLicense(
  t: TestApp,
  opts: { expiresAt: Date; card?: string | null; type?: 'month' | 'year'; user?: TestUser; deviceId?: string },
) {
  const user = opts.user ?? (await createUserWithSession(t.db, { timeZone: 'Asia/Singapore' }));
  const type = opts.type ?? 'month';
  const term = type === 'month' ? MONTH : 365 * DAY;
  const inserted = await insertLicense(t.db, user, {
    type,
    startAt: new Date(opts.expiresAt.getTime() - term),
    expiresAt: opts.expiresAt,
    deviceId: opts.deviceId ?? 'BOOTH-PC-1',
  });
  await t.db.update(licenses).set({ autoRenew: true }).where(eq(licenses.id, inserted.id));
  if (opts.card !== null) await saveCard(t, user.id, opts.card ?? CARD.succeeds);
  return { user, license: { ...inserted, autoRenew: true } };
}

/** Replaces the holder's saved card (the old one detached), as the customer's card page does. */
export async function saveCard(t: TestApp, userId: number, number: string): Promise<void> {
  await t.db.update(paymentMethods).set({ detachedAt: new Date() }).where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.detachedAt)));
  await t.db.insert(paymentMethods).values({ userId, provider: 'local', providerRef: number, brand: 'Visa', last4: number.slice(-4) });
}

/**
 * After each test of a file that shares one app: every licence stops renewing and no charge stays
 * scheduled, so the next test's job (at its own time) leaves them be, and the clock is set back.
 */
export async function stopRenewals(t: TestApp): Promise<void> {
  await t.db.update(licenses).set({ autoRenew: false, graceUntil: null });
  await t.db.update(orders).set({ nextChargeAt: null });
  t.ctx.clock.setOffset(0);
}

/** Moves the app's clock to `at` and runs the renewal job once, then the outbox (the charges it queued, the mails). */
export async function runJobAt(t: TestApp, at: Date) {
  t.ctx.clock.setOffset(at.getTime() - Date.now());
  const report = await runRenewalJob(t.ctx, { now: at });
  await t.ctx.outbox.drain();
  return report;
}

export const licenseRow = (t: TestApp, id: string) => licenseById(t.db, id);

export const renewalOrdersOf = (t: TestApp, licenseId: string) =>
  t.db.select().from(orders).where(eq(orders.renewalLicenseId, licenseId)).orderBy(asc(orders.id));

export const attemptsOf = (t: TestApp, orderId: number) =>
  t.db.select().from(renewalCharges).where(eq(renewalCharges.orderId, orderId)).orderBy(asc(renewalCharges.attempt));

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
