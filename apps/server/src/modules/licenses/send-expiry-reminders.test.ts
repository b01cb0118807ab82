import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRenewal } from '@lbs/domain/cart';
import { formatLicenseKey, initialReminderStage, LICENSE_KEY_BYTES, LICENSE_TERM_MS, truncateKey } from '@lbs/domain/license-terms';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { licenses, notifications, outbox } from '../../db/schema';
import { buildTestApp, mailTo, onPostgres, type TestApp } from '../../../test/build-test-app';
import { cartOf, onePaymentBody, postCheckout } from '../../../test/checkout-fixtures';
import { createUserWithSession, type TestUser } from '../../../test/fixtures';
import { dueForReminder } from '../license-changes/claim-reminder-stage';
import { sendExpiryReminders } from './send-expiry-reminders';
import { LICENSE_REMINDERS } from '@lbs/domain/license-terms';
import { selectRows } from '../../db/select-rows';
import { formatDateTimeWithZone } from '@lbs/domain/dates';

/*
 * The reminder job is run by hand with the moment it should believe it is (`now`), the way the
 * reconciliation job is tested; licences are written with expiries around that moment.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1', PUBLIC_URL: 'http://shop.test' });
});
afterAll(() => t?.close());

/** A licence of `type` as a purchase would write it, its term ending at `expiresAt`. */
async function insertLicense(
  user: TestUser,
  expiresAt: Date,
  opts: { type?: 'day' | 'month' | 'year' | 'onetime'; issuedAt?: Date; revokedAt?: Date | null; reminderStage?: number } = {},
) {
  const type = opts.type ?? 'month';
  const issuedAt = opts.issuedAt ?? new Date(expiresAt.getTime() - LICENSE_TERM_MS[type]!);
  const [row] = await t.db
    .insert(licenses)
    .values({
      licenseKey: formatLicenseKey(crypto.randomBytes(LICENSE_KEY_BYTES)),
      type,
      userId: user.id,
      email: user.email,
      startAt: issuedAt,
      expiresAt,
      revokedAt: opts.revokedAt ?? null,
      reminderStage: opts.reminderStage ?? initialReminderStage(expiresAt, issuedAt),
    })
    .returning();
  return row!;
}

/** The reminder mails and notifications one user got, as subjects and notification types. */
async function remindersOf(user: TestUser) {
  const mail = (await mailTo(t.app, user.email)).filter((m) => !m.subject.startsWith('Your LentiBooth receipt'));
  const notes = await t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), inArray(notifications.type, ['license_expiring', 'license_expired'])));
  return { subjects: mail.map((m) => m.subject).sort(), notes: notes.map((n) => `${n.type}: ${n.title}`).sort(), mail, rows: notes };
}

const SEVEN = 'Your LentiBooth license ends in 7 days';
const SIX = 'Your LentiBooth license ends in 6 days';
const ONE = 'Your LentiBooth license ends within a day';
const ENDED = 'Your LentiBooth license has ended';

describe('licence expiry reminders', () => {
  it('sends the 7-day, 1-day and ended reminder once each: a mail and a notification', async () => {
    const user = await createUserWithSession(t.db, { firstName: 'Mei' });
    const now = new Date(Date.now() + 400 * DAY);
    const week = await insertLicense(user, new Date(now.getTime() + 6 * DAY));
    const day = await insertLicense(user, new Date(now.getTime() + 20 * HOUR));
    const ended = await insertLicense(user, new Date(now.getTime() - HOUR));
    // Not due: 10 days left, revoked, ended long ago, never expires.
    await insertLicense(user, new Date(now.getTime() + 10 * DAY));
    await insertLicense(user, new Date(now.getTime() + 5 * HOUR), { revokedAt: new Date() });
    await insertLicense(user, new Date(now.getTime() - 30 * DAY));

    const first = await sendExpiryReminders(t.ctx, { now });
    expect(first).toEqual({ expires_in_7_days: 1, expires_in_1_day: 1, ended: 1 });
    expect(await sendExpiryReminders(t.ctx, { now })).toEqual({ expires_in_7_days: 0, expires_in_1_day: 0, ended: 0 });
    expect(await sendExpiryReminders(t.ctx, { now: new Date(now.getTime() + HOUR) })).toEqual({ expires_in_7_days: 0, expires_in_1_day: 0, ended: 0 });

    const got = await remindersOf(user);
    expect(got.subjects).toEqual([ONE, SIX, ENDED].sort());
    expect(got.notes).toEqual(['license_expired: License ended', 'license_expiring: License ends in 6 days', 'license_expiring: License ends within a day'].sort());
    const weekMail = got.mail.find((m) => m.subject === SIX)!;
    expect(weekMail.to).toBe(user.email);
    expect(weekMail.text).toContain(`Hi Mei, your Monthly License key ${truncateKey(week.licenseKey)} ends on`);
    expect(weekMail.text).toContain('Renew my license: http://shop.test/accounts/overview');
    expect(weekMail.text).not.toContain(week.licenseKey);
    expect(got.mail.find((m) => m.subject === ONE)!.text).toContain(truncateKey(day.licenseKey));
    expect(got.mail.find((m) => m.subject === ENDED)!.text).toContain(`key ${truncateKey(ended.licenseKey)} ended on`);
    expect(got.rows.find((n) => n.type === 'license_expired')!.message).toContain(truncateKey(ended.licenseKey));
  });

  it('follows one monthly key through its term: 7 days, 1 day, ended, each once', async () => {
    const user = await createUserWithSession(t.db);
    const start = new Date(Date.now() + 500 * DAY);
    await insertLicense(user, new Date(start.getTime() + 30 * DAY), { issuedAt: start });
    const at = (days: number) => sendExpiryReminders(t.ctx, { now: new Date(start.getTime() + days * DAY) });
    const sent = async (days: number) => {
      const r = await at(days);
      return r.expires_in_7_days + r.expires_in_1_day + r.ended;
    };

    expect(await sent(1)).toBe(0);
    expect(await sent(22)).toBe(0);
    expect(await at(23.5)).toMatchObject({ expires_in_7_days: 1 });
    expect(await sent(25)).toBe(0);
    expect(await at(29.2)).toMatchObject({ expires_in_1_day: 1 });
    expect(await sent(29.9)).toBe(0);
    expect(await at(30.01)).toMatchObject({ ended: 1 });
    expect(await sent(31)).toBe(0);
    expect((await remindersOf(user)).subjects).toEqual([ONE, SEVEN, ENDED].sort());
  });

  it('a key found late gets only the reminder its time left calls for', async () => {
    const user = await createUserWithSession(t.db);
    const now = new Date(Date.now() + 600 * DAY);
    // Never reminded (the job was down), now 3 hours from its end: the 1-day mail alone.
    await insertLicense(user, new Date(now.getTime() + 3 * HOUR), { reminderStage: 0 });
    expect(await sendExpiryReminders(t.ctx, { now })).toEqual({ expires_in_7_days: 0, expires_in_1_day: 1, ended: 0 });
    expect(await sendExpiryReminders(t.ctx, { now: new Date(now.getTime() + 4 * HOUR) })).toMatchObject({ ended: 1 });
    expect((await remindersOf(user)).subjects).toEqual([ONE, ENDED].sort());
  });

  /** Buys a Daily pass through the checkout and the local pay page; answers its row. */
  async function buyDailyPass(user: TestUser) {
    const res = await postCheckout(t.app, user.headers, onePaymentBody(cartOf({ 10: 1 }), { email: user.email }));
    const session = /\/dev\/pay\/(lps_[\w-]+)$/.exec(res.json().url)![1]!;
    await t.app.inject({ method: 'POST', url: `/dev/pay/${session}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    const [key] = await t.db.select().from(licenses).where(eq(licenses.userId, user.id));
    return key!;
  }

  it('a started daily key gets no 7-day or 1-day reminder, only the ended one', async () => {
    const user = await createUserWithSession(t.db);
    const pass = await buyDailyPass(user);
    const activated = await t.app.inject({ method: 'POST', url: '/api/licenses/activate', payload: { license_key: pass.licenseKey, device_id: 'booth-r1' } });
    expect(activated.statusCode, activated.body).toBe(200);
    const [key] = await t.db.select().from(licenses).where(eq(licenses.id, pass.id));
    expect(key!.reminderStage).toBe(2);
    expect(await sendExpiryReminders(t.ctx, { now: new Date(key!.expiresAt!.getTime() - HOUR) })).toMatchObject({ expires_in_1_day: 0, expires_in_7_days: 0 });
    expect(await sendExpiryReminders(t.ctx, { now: new Date(key!.expiresAt!.getTime() + HOUR) })).toMatchObject({ ended: 1 });
    expect((await remindersOf(user)).subjects).toEqual([ENDED]);
  });

  it('an unused daily pass gets one reminder a week before its activate-by date (activate it, not renew it), none a day before, and the expired one', async () => {
    const user = await createUserWithSession(t.db);
    const pass = await buyDailyPass(user);
    expect(pass.reminderStage).toBe(0);
    const by = pass.activateBy!;
    expect(await sendExpiryReminders(t.ctx, { now: new Date(by.getTime() - 7 * DAY + HOUR) })).toMatchObject({ expires_in_7_days: 1 });
    expect(await sendExpiryReminders(t.ctx, { now: new Date(by.getTime() - HOUR) })).toMatchObject({ expires_in_1_day: 0 });
    expect(await sendExpiryReminders(t.ctx, { now: new Date(by.getTime() + HOUR) })).toMatchObject({ ended: 1 });
    const got = await remindersOf(user);
    expect(got.subjects).toEqual([`Your unused LentiBooth Daily pass expires on ${formatDateTimeWithZone(by, 'Asia/Singapore')}`, 'Your unused LentiBooth Daily pass has expired'].sort());
    expect(got.mail.find((m) => m.subject.includes('expires on'))!.text).toMatch(/Activate it before then: the pass starts at its first activation/);
    expect(got.notes).toEqual(['license_expired: Unused Daily pass expired', 'license_expiring: Activate your Daily pass']);
  });

  it('a key renewed in time gets no ended mail, and its new term gets its reminders', async () => {
    const user = await createUserWithSession(t.db);
    const key = await insertLicense(user, new Date(Date.now() + 12 * HOUR));
    expect(await sendExpiryReminders(t.ctx)).toMatchObject({ expires_in_1_day: 1 });

    // Renewed through the checkout (the Renew action's cart) and the pay page.
    const cart = addRenewal(cartOf({}), 11, { id: key.id, key: key.licenseKey });
    const res = await postCheckout(t.app, user.headers, onePaymentBody(cart, { email: user.email }));
    expect(res.statusCode, res.body).toBe(200);
    const session = /\/dev\/pay\/(lps_[\w-]+)$/.exec(res.json().url)![1]!;
    await t.app.inject({ method: 'POST', url: `/dev/pay/${session}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    const [renewed] = await t.db.select().from(licenses).where(eq(licenses.id, key.id));
    expect(renewed!.expiresAt!.getTime()).toBe(key.expiresAt!.getTime() + LICENSE_TERM_MS.month!);

    // Past the old expiry: nothing ended.
    const none = await sendExpiryReminders(t.ctx, { now: new Date(key.expiresAt!.getTime() + HOUR) });
    expect(none).toEqual({ expires_in_7_days: 0, expires_in_1_day: 0, ended: 0 });
    // The new term: 7 days before its end, the 7-day reminder comes again.
    expect(await sendExpiryReminders(t.ctx, { now: new Date(renewed!.expiresAt!.getTime() - 6 * DAY) })).toMatchObject({ expires_in_7_days: 1 });
    expect((await remindersOf(user)).subjects).toEqual([ONE, SIX].sort());
  });

  it('sends every due reminder in batches, one mail per key', async () => {
    const now = new Date(Date.now() + 700 * DAY);
    const users = await Promise.all(Array.from({ length: 3 }, () => createUserWithSession(t.db)));
    for (let i = 0; i < 45; i++) await insertLicense(users[i % 3]!, new Date(now.getTime() + 2.5 * DAY + i * 60_000));
    expect(await sendExpiryReminders(t.ctx, { now, batchSize: 10 })).toMatchObject({ expires_in_7_days: 45 });
    for (const u of users) expect((await remindersOf(u)).subjects).toEqual(Array(15).fill('Your LentiBooth license ends in 3 days'));
  });
});

describe('the reminder job in several processes at once', () => {
  let second: Database | undefined;
  let other: FastifyInstance;
  beforeAll(async () => {
    // On PostgreSQL a second process has its own connection; PGlite has one, so the second app
    // instance shares it (its runs still interleave with the first's, statement by statement).
    second = onPostgres() ? await openDatabase({ url: t.databaseUrl }) : undefined;
    other = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://shop.test', ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : {}) }), {
      database: second ?? t.database,
      serveWeb: false,
    });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await second?.close();
  });

  it('sends each reminder once when two app instances run the job concurrently', async () => {
    const now = new Date(Date.now() + 800 * DAY);
    const user = await createUserWithSession(t.db);
    const keys = [];
    for (let i = 0; i < 40; i++) {
      const offset = [6 * DAY, 10 * HOUR, -2 * HOUR][i % 3]!;
      keys.push(await insertLicense(user, new Date(now.getTime() + offset + i * 1000)));
    }
    const runs = await Promise.all([
      sendExpiryReminders(t.ctx, { now, batchSize: 3 }),
      sendExpiryReminders(other.ctx, { now, batchSize: 3 }),
      sendExpiryReminders(t.ctx, { now, batchSize: 5 }),
      sendExpiryReminders(other.ctx, { now, batchSize: 7 }),
    ]);
    const total = (k: 'expires_in_7_days' | 'expires_in_1_day' | 'ended') => runs.reduce((n, r) => n + r[k], 0);
    expect({ seven: total('expires_in_7_days'), one: total('expires_in_1_day'), ended: total('ended') }).toEqual({ seven: 14, one: 13, ended: 13 });

    // One queued mail and one notification per key, whichever instance sent it.
    const queued = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = ${user.email}`);
    expect(queued[0]!.n).toBe(40);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes).toHaveLength(40);
    for (const k of keys) expect(notes.filter((n) => n.message.includes(truncateKey(k.licenseKey)))).toHaveLength(1);
  });
});

describe('the reminder query at scale', () => {
  // With sequential scans priced out, the planner picks the index exactly when the predicate lets
  // it: the claim must be a range scan on expiry, not a read of every licence (100k and more).
  // Two partial indexes range-scan unrevoked keys by expiry: the job's own (which also drops keys
  // past their last reminder) and REPORT's licenses_ended_idx (migration 0016). On this small table
  // the planner may take either; both are the range scan this test is about.
  it.each(LICENSE_REMINDERS.map((r) => [r.kind, r] as const))('%s is a range scan on expiry by an index', async (_kind, reminder) => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await selectRows<Record<string, string>>(tx, sql`explain ${dueForReminder(tx, reminder, new Date(), 500)}`);
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toMatch(/licenses_(reminder_due|ended)_idx/);
    expect(plan).not.toContain('Seq Scan');
  });
});
