import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTimeWithZone } from '@lbs/domain/dates';
import { formatLicenseKey, initialReminderStage, LICENSE_KEY_BYTES, LICENSE_TERM_MS, truncateKey } from '@lbs/domain/license-terms';
import { RENEWAL_PRICE_NOTICE_DAYS } from '@lbs/domain/renewals';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { createUserWithSession, type TestUser } from '../../../test/fixtures';
import { licenseById } from '../../../test/renewal-fixtures';
import { licenses, notifications, orders } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { dueForPriceNotice } from '../license-changes/announce-renewal-price';
import { announceRenewalPrices, sendExpiryReminders } from './send-expiry-reminders';

// The reminder job and automatic renewal (DESIGN §6.3): a licence that renews is told when and for
// how much, never that it ends; the 'ended' notice waits for the end of a grace; and a changed
// plan price reaches a renewing holder at least 7 days before the charge. The job is run by hand
// at the moment it should believe it is; each test lives far from the others' moments, so the
// bounded windows of one never see another's licences.

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const MONTHLY_CENTS = 15000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1', PUBLIC_URL: 'http://shop.test' });
});
afterAll(() => t?.close());

/** A Monthly licence as its purchase and the renewal job would leave it, its term ending at `expiresAt`. */
async function insertMonthly(
  user: TestUser,
  expiresAt: Date,
  opts: { autoRenew?: boolean; renewalPriceCents?: number | null; graceUntil?: Date | null; reminderStage?: number; suspendedAt?: Date } = {},
) {
  const startAt = new Date(expiresAt.getTime() - LICENSE_TERM_MS.month!);
  const [row] = await t.db
    .insert(licenses)
    .values({
      licenseKey: formatLicenseKey(crypto.randomBytes(LICENSE_KEY_BYTES)),
      type: 'month',
      userId: user.id,
      email: user.email,
      startAt,
      expiresAt,
      reminderStage: opts.reminderStage ?? initialReminderStage(expiresAt, startAt),
      autoRenew: opts.autoRenew ?? false,
      renewalPriceCents: opts.renewalPriceCents ?? null,
      graceUntil: opts.graceUntil ?? null,
      suspendedAt: opts.suspendedAt ?? null,
    })
    .returning();
  return row!;
}

const notesOf = (userId: number) => t.db.select().from(notifications).where(eq(notifications.userId, userId));
const mailsOf = async (user: TestUser) => (await mailTo(t.app, user.email)).map((m) => ({ subject: m.subject, text: m.text }));

describe('the reminders of a licence that renews automatically', () => {
  it('the 7-day and 1-day reminders say when it renews and for how much (the price its holder was told), and how to turn it off', async () => {
    const user = await createUserWithSession(t.db, { firstName: 'Noor', timeZone: 'Asia/Singapore' });
    const now = new Date(Date.now() + 1000 * DAY);
    const E = new Date(now.getTime() + 6 * DAY + HOUR);
    const l = await insertMonthly(user, E, { autoRenew: true, renewalPriceCents: 12000 });
    const plain = await insertMonthly(user, E);

    expect(await sendExpiryReminders(t.ctx, { now })).toMatchObject({ expires_in_7_days: 2 });
    const on = formatDateTimeWithZone(E, 'Asia/Singapore');
    const week = await mailsOf(user);
    const renewing = week.find((m) => m.text.includes(truncateKey(l.licenseKey)))!;
    expect(renewing.subject).toBe(`Your LentiBooth license renews on ${on} for $120.00`);
    expect(renewing.text).toContain(`renews on ${on} for $120.00, charged to your saved card`);
    expect(renewing.text).toContain('turn automatic renewal off under Licences in your account');
    expect(renewing.text).not.toMatch(/ends on|Renew my license/);
    // The licence that does not renew is told it ends, as before.
    expect(week.find((m) => m.text.includes(truncateKey(plain.licenseKey)))!.subject).toBe('Your LentiBooth license ends in 7 days');
    const note = (await notesOf(user.id)).find((n) => n.message.includes(truncateKey(l.licenseKey)))!;
    expect(note).toMatchObject({ type: 'license_expiring', title: 'License renews in 7 days' });
    expect(note.message).toContain(`renews on ${on} for $120.00`);

    expect(await sendExpiryReminders(t.ctx, { now: new Date(E.getTime() - 20 * HOUR) })).toMatchObject({ expires_in_1_day: 2 });
    // The mailbox keeps every mail: the week's and now the day's, both of when and for how much.
    const both = (await mailsOf(user)).filter((m) => m.text.includes(truncateKey(l.licenseKey)));
    expect(both.map((m) => m.subject)).toEqual([`Your LentiBooth license renews on ${on} for $120.00`, `Your LentiBooth license renews on ${on} for $120.00`]);
    expect(both.filter((m) => m.text.includes('Your license renews within a day'))).toHaveLength(1);
  });

  it('a suspended licence is told that it ends: it is never charged', async () => {
    const user = await createUserWithSession(t.db);
    const now = new Date(Date.now() + 1050 * DAY);
    await insertMonthly(user, new Date(now.getTime() + 6 * DAY), { autoRenew: true, renewalPriceCents: MONTHLY_CENTS, suspendedAt: now });
    expect(await sendExpiryReminders(t.ctx, { now })).toMatchObject({ expires_in_7_days: 1 });
    expect((await mailsOf(user))[0]!.subject).toBe('Your LentiBooth license ends in 6 days');
  });

  it('with no price recorded, says the plan’s price now', async () => {
    const user = await createUserWithSession(t.db);
    const now = new Date(Date.now() + 1100 * DAY);
    await insertMonthly(user, new Date(now.getTime() + 6 * DAY), { autoRenew: true });
    expect(await sendExpiryReminders(t.ctx, { now })).toMatchObject({ expires_in_7_days: 1 });
    expect((await mailsOf(user))[0]!.subject).toMatch(/ for \$150\.00$/);
  });
});

describe("the 'ended' notice and grace", () => {
  it('is not sent while the licence is in grace, and is sent once the grace ends unpaid', async () => {
    const user = await createUserWithSession(t.db);
    const now = new Date(Date.now() + 1200 * DAY);
    const E = new Date(now.getTime() - HOUR);
    const graceUntil = new Date(E.getTime() + 7 * DAY);
    const l = await insertMonthly(user, E, { autoRenew: true, graceUntil, reminderStage: 2 });

    expect(await sendExpiryReminders(t.ctx, { now })).toMatchObject({ ended: 0 });
    expect(await sendExpiryReminders(t.ctx, { now: new Date(graceUntil.getTime() - HOUR) })).toMatchObject({ ended: 0 });
    expect((await licenseById(t.db, l.id)).reminderStage).toBe(2);
    // Grace over (E + 7 days, past the week an ordinary end is announced in): now it has ended.
    expect(await sendExpiryReminders(t.ctx, { now: new Date(graceUntil.getTime() + HOUR) })).toMatchObject({ ended: 1 });
    const mails = await mailsOf(user);
    expect(mails.map((m) => m.subject)).toEqual(['Your LentiBooth license has ended']);
    expect(await sendExpiryReminders(t.ctx, { now: new Date(graceUntil.getTime() + 2 * HOUR) })).toMatchObject({ ended: 0 });
  });

  it('after the renewal job gave the order up (grace cleared), counts its week from then; an ordinary end a week old is still left alone', async () => {
    const user = await createUserWithSession(t.db);
    const now = new Date(Date.now() + 1300 * DAY);
    const E = new Date(now.getTime() - 7 * DAY - 2 * HOUR);
    const abandoned = await insertMonthly(user, E, { reminderStage: 2 });
    await t.db.insert(orders).values({
      userId: user.id,
      email: user.email,
      status: 'cancelled',
      paymentStatus: 'cancelled',
      needsShipping: false,
      subtotalCents: MONTHLY_CENTS,
      shippingCents: 0,
      discountCents: 0,
      totalCents: MONTHLY_CENTS,
      paymentProvider: 'local',
      renewalLicenseId: abandoned.id,
      renewalTermEnd: E,
      cancelledAt: new Date(now.getTime() - HOUR),
      cancelReason: 'grace ended unpaid',
    });
    const ordinary = await insertMonthly(user, E, { reminderStage: 2 });

    expect(await sendExpiryReminders(t.ctx, { now })).toMatchObject({ ended: 1 });
    expect((await licenseById(t.db, abandoned.id)).reminderStage).toBe(3);
    expect((await licenseById(t.db, ordinary.id)).reminderStage).toBe(2);
  });

  it('an order given up before the end (renewal turned off) does not move the notice before the end', async () => {
    const user = await createUserWithSession(t.db);
    const now = new Date(Date.now() + 1400 * DAY);
    const E = new Date(now.getTime() + HOUR);
    const l = await insertMonthly(user, E, { reminderStage: 2 });
    await t.db.insert(orders).values({
      userId: user.id,
      email: user.email,
      status: 'cancelled',
      paymentStatus: 'cancelled',
      needsShipping: false,
      subtotalCents: MONTHLY_CENTS,
      shippingCents: 0,
      discountCents: 0,
      totalCents: MONTHLY_CENTS,
      paymentProvider: 'local',
      renewalLicenseId: l.id,
      renewalTermEnd: E,
      cancelledAt: new Date(now.getTime() - 2 * DAY),
      cancelReason: 'automatic renewal turned off',
    });
    expect(await sendExpiryReminders(t.ctx, { now })).toMatchObject({ ended: 0 });
    expect(await sendExpiryReminders(t.ctx, { now: new Date(E.getTime() + HOUR) })).toMatchObject({ ended: 1 });
  });
});

describe('a renewal price change', () => {
  it('is told to a renewing holder at least 7 days before the charge, once, and recorded as told', async () => {
    const user = await createUserWithSession(t.db, { timeZone: 'Europe/Berlin' });
    const now = new Date(Date.now() + 1500 * DAY);
    const at = (days: number) => new Date(now.getTime() + days * DAY);
    // Its charge (3 days before the end) is 12 days away: told.
    const due = await insertMonthly(user, at(15), { autoRenew: true, renewalPriceCents: 12000 });
    // Charged in 6 days: too late to announce; that charge keeps the old price.
    const soon = await insertMonthly(user, at(9), { autoRenew: true, renewalPriceCents: 12000 });
    // Already told the price, no price recorded, not renewing, suspended: nothing to say.
    const same = await insertMonthly(user, at(15), { autoRenew: true, renewalPriceCents: MONTHLY_CENTS });
    const unknown = await insertMonthly(user, at(15), { autoRenew: true });
    const off = await insertMonthly(user, at(15), { renewalPriceCents: 12000 });
    const suspended = await insertMonthly(user, at(15), { autoRenew: true, renewalPriceCents: 12000, suspendedAt: now });

    expect(await announceRenewalPrices(t.ctx, { now })).toBe(1);
    expect(await licenseById(t.db, due.id)).toMatchObject({ renewalPriceCents: MONTHLY_CENTS, renewalPriceToldAt: now });
    for (const l of [soon, off, suspended]) expect((await licenseById(t.db, l.id)).renewalPriceCents).toBe(12000);
    expect((await licenseById(t.db, same.id)).renewalPriceToldAt).toBeNull();
    expect((await licenseById(t.db, unknown.id)).renewalPriceCents).toBeNull();

    const mails = await mailsOf(user);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('The price of your LentiBooth renewal changes to $150.00');
    expect(mails[0]!.text).toContain(`renews automatically on ${formatDateTimeWithZone(due.expiresAt!, 'Europe/Berlin')} for $150.00 (it was $120.00)`);
    expect(mails[0]!.text).toContain(truncateKey(due.licenseKey));
    const notes = await t.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.title, 'Renewal price changes')));
    expect(notes).toHaveLength(1);

    // Told once; the licence charged soon is told for its next term, when that charge is far enough.
    expect(await announceRenewalPrices(t.ctx, { now: new Date(now.getTime() + HOUR) })).toBe(0);
    expect(RENEWAL_PRICE_NOTICE_DAYS).toBe(7);
  });

  it('claims in batches, each licence once, however many processes run the step', async () => {
    const user = await createUserWithSession(t.db);
    const now = new Date(Date.now() + 1600 * DAY);
    for (let i = 0; i < 12; i++) await insertMonthly(user, new Date(now.getTime() + (11 + i / 10) * DAY), { autoRenew: true, renewalPriceCents: 9900 });
    const told = await Promise.all([announceRenewalPrices(t.ctx, { now, batchSize: 5 }), announceRenewalPrices(t.ctx, { now, batchSize: 3 })]);
    expect(told[0]! + told[1]!).toBe(12);
    expect(await mailsOf(user)).toHaveLength(12);
  });

  it('is a range scan of the renewal job’s partial index by end, not a read of every licence', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = dueForPriceNotice(tx, new Date(), 500, { leadDays: 3, noticeDays: 7 }, { type: 'month', priceCents: MONTHLY_CENTS });
      const rows = await selectRows<Record<string, string>>(tx, sql`explain ${query}`);
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('licenses_renewal_due_idx');
    expect(plan).not.toContain('Seq Scan');
  });
});
