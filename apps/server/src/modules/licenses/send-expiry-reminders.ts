import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { findPlanByLicenseType } from '@lbs/domain/catalogue';
import { LICENSE_REMINDERS, type LicenseReminder } from '@lbs/domain/license-terms';
import { isAutoRenewableType, RENEWAL_PRICE_NOTICE_DAYS } from '@lbs/domain/renewals';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/client';
import { products, users } from '../../db/schema';
import { claimRenewalPriceChanges } from '../license-changes/announce-renewal-price';
import { claimReminderStage } from '../license-changes/claim-reminder-stage';
import { RepeatingTask } from '../../lib/repeating-task';
import { createNotifications } from '../notifications/create-notification';
import { enqueueMails } from '../outbox/enqueue';
import { licenseReminderMail, licenseReminderNotification } from './license-reminder-mail';
import { renewalPriceMail, renewalPriceNotification } from './renewal-price-mail';

/** Licences claimed per statement: one transaction writes this many mails and notifications. */
const BATCH = 500;

export type ReminderReport = Record<LicenseReminder['kind'], number>;

/**
 * Claims up to one batch of keys due for this reminder (claimReminderStage) and queues their mails
 * and notifications, all in one transaction. A rolled-back batch leaves the stage as it was, to be
 * sent by the next run: each reminder is sent once, never twice, never lost.
 */
async function claimBatch(ctx: AppContext, reminder: LicenseReminder, now: Date, limit: number): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const rows = await claimReminderStage(tx, reminder, now, limit, { graceDays: ctx.config.RENEWAL_GRACE_DAYS });
    if (rows.length === 0) return 0;
    const planPrices = await planPricesOf(tx);
    const claimed = rows.map((l) => ({
      id: l.id,
      key: l.licenseKey,
      type: l.type,
      expiresAt: l.expiresAt,
      activateBy: l.activateBy,
      userId: l.userId,
      // What its next automatic renewal charges: the price its holder was last told, else the plan's.
      // A suspended licence is never charged, so it is told that it ends.
      renewsForCents:
        l.autoRenew && !l.suspendedAt && isAutoRenewableType(l.type) ? (l.renewalPriceCents ?? planPrices.get(l.type) ?? null) : null,
    }));
    const ownerById = await ownersOf(tx, claimed.map((l) => l.userId));
    const targets = claimed.flatMap((l) => {
      const owner = ownerById.get(l.userId);
      return owner && l.expiresAt ? [{ ...l, expiresAt: l.expiresAt, email: owner.email, firstName: owner.firstName, timeZone: owner.timeZone }] : [];
    });
    await enqueueMails(tx, targets.map((l) => licenseReminderMail(reminder.kind, l, ctx.config.publicUrl, now)));
    await createNotifications(tx, targets.map((l) => ({ userId: l.userId, ...licenseReminderNotification(reminder.kind, l, now) })));
    return claimed.length;
  });
}

/** The owners of the claimed licences, by id: where and how to tell them. */
async function ownersOf(tx: DbOrTx, userIds: readonly number[]) {
  const owners = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, timeZone: users.timeZone })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(owners.map((u) => [u.id, u]));
}

/** The Monthly and Yearly plans' prices now (products), by licence type. */
async function planPricesOf(tx: DbOrTx): Promise<Map<string, number>> {
  const plans = (['month', 'year'] as const).flatMap((type) => {
    const plan = findPlanByLicenseType(type);
    return plan ? [{ type, id: plan.id }] : [];
  });
  const rows = await tx.select({ id: products.id, priceCents: products.priceCents }).from(products).where(inArray(products.id, plans.map((p) => p.id)));
  return new Map(rows.map((r) => [plans.find((p) => p.id === r.id)!.type, r.priceCents]));
}

/**
 * Claims up to one batch of licences whose renewal price changed (claimRenewalPriceChanges) and
 * queues each holder's mail and notification in the same transaction: told once, never lost.
 */
async function announcePriceBatch(ctx: AppContext, now: Date, limit: number): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const rules = { leadDays: ctx.config.RENEWAL_LEAD_DAYS, noticeDays: RENEWAL_PRICE_NOTICE_DAYS };
    const told = await claimRenewalPriceChanges(tx, now, limit, rules);
    if (told.length === 0) return 0;
    const ownerById = await ownersOf(tx, told.map((t) => t.license.userId));
    const targets = told.flatMap(({ license, wasCents, nowCents }) => {
      const owner = ownerById.get(license.userId);
      if (!owner || !license.expiresAt) return [];
      const { email, firstName, timeZone } = owner;
      return [{ userId: license.userId, key: license.licenseKey, type: license.type, renewsAt: license.expiresAt, wasCents, nowCents, email, firstName, timeZone }];
    });
    await enqueueMails(tx, targets.map((n) => renewalPriceMail(n, ctx.config.publicUrl)));
    await createNotifications(tx, targets.map((n) => ({ userId: n.userId, ...renewalPriceNotification(n) })));
    return told.length;
  });
}

/**
 * The reminder job's price step (DESIGN §6.3): tells every holder whose automatic renewal will
 * charge a changed price, at least RENEWAL_PRICE_NOTICE_DAYS before that charge, batch after
 * batch. Answers how many were told.
 */
export async function announceRenewalPrices(ctx: AppContext, opts: { now?: Date; batchSize?: number } = {}): Promise<number> {
  const now = opts.now ?? ctx.clock.now();
  const limit = opts.batchSize ?? BATCH;
  let total = 0;
  for (;;) {
    const told = await announcePriceBatch(ctx, now, limit);
    total += told;
    if (told < limit) return total;
  }
}

/**
 * One pass of the reminder job: for each reminder, claims and sends batch after batch until none
 * is due. Safe to run at any time, as often as wanted, from any number of processes at once. Its
 * time is the renewal job's (ctx.clock): a reminder speaks of the same renewal the job charges.
 */
export async function sendExpiryReminders(ctx: AppContext, opts: { now?: Date; batchSize?: number } = {}): Promise<ReminderReport> {
  const now = opts.now ?? ctx.clock.now();
  const limit = opts.batchSize ?? BATCH;
  const report = { expires_in_7_days: 0, expires_in_1_day: 0, ended: 0 } satisfies ReminderReport;
  for (const reminder of LICENSE_REMINDERS) {
    for (;;) {
      const sent = await claimBatch(ctx, reminder, now, limit);
      report[reminder.kind] += sent;
      if (sent < limit) break;
    }
  }
  return report;
}

/** Runs the reminder job (the reminders, then the renewal price notices) once at start and then every LICENSE_REMINDER_MS. */
export class LicenseReminderJob {
  private readonly task: RepeatingTask<ReminderReport>;

  constructor(ctx: AppContext, log: FastifyBaseLogger) {
    const run = async () => {
      const report = await sendExpiryReminders(ctx);
      await announceRenewalPrices(ctx);
      return report;
    };
    this.task = new RepeatingTask(run, {
      everyMs: ctx.config.LICENSE_REMINDER_MS,
      log,
      failureMessage: 'licence expiry reminders failed',
      unref: true,
    });
  }

  start(): void {
    this.task.start();
  }

  runNow(): Promise<ReminderReport> {
    return this.task.runNow();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }
}
