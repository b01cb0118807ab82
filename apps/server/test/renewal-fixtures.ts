import { and, asc, eq, isNull } from 'drizzle-orm';
import type { TestApp } from './build-test-app';
import { insertLicense } from './account-fixtures';
import { createUserWithSession, type TestUser } from './fixtures';
import { licenses, orders, paymentMethods, renewalCharges } from '../src/db/schema';
import { runRenewalJob } from '../src/modules/renewals/renewal-job';

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

/** Moves the app's clock to `at` and runs the renewal job once, then the outbox (the charges it queued, the mails). */
export async function runJobAt(t: TestApp, at: Date) {
  t.ctx.clock.setOffset(at.getTime() - Date.now());
  const report = await runRenewalJob(t.ctx, { now: at });
  await t.ctx.outbox.drain();
  return report;
}

export const licenseRow = async (t: TestApp, id: string) => (await t.db.select().from(licenses).where(eq(licenses.id, id)))[0]!;

export const renewalOrdersOf = (t: TestApp, licenseId: string) =>
  t.db.select().from(orders).where(eq(orders.renewalLicenseId, licenseId)).orderBy(asc(orders.id));

export const attemptsOf = (t: TestApp, orderId: number) =>
  t.db.select().from(renewalCharges).where(eq(renewalCharges.orderId, orderId)).orderBy(asc(renewalCharges.attempt));
