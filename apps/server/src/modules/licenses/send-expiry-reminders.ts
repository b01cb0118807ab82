import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LICENSE_REMINDERS, type LicenseReminder } from '@lbs/domain/license-terms';
import type { AppContext } from '../../app-context';
import { users } from '../../db/schema';
import { claimReminderStage } from '../license-changes/claim-reminder-stage';
import { RepeatingTask } from '../../lib/repeating-task';
import { createNotifications } from '../notifications/create-notification';
import { enqueueMails } from '../outbox/enqueue';
import { licenseReminderMail, licenseReminderNotification } from './license-reminder-mail';

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
    const claimed = (await claimReminderStage(tx, reminder, now, limit)).map((l) => ({
      id: l.id,
      key: l.licenseKey,
      type: l.type,
      expiresAt: l.expiresAt,
      activateBy: l.activateBy,
      userId: l.userId,
    }));
    if (claimed.length === 0) return 0;

    const owners = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, timeZone: users.timeZone })
      .from(users)
      .where(inArray(users.id, [...new Set(claimed.map((l) => l.userId))]));
    const ownerById = new Map(owners.map((u) => [u.id, u]));
    const targets = claimed.flatMap((l) => {
      const owner = ownerById.get(l.userId);
      return owner && l.expiresAt ? [{ ...l, expiresAt: l.expiresAt, email: owner.email, firstName: owner.firstName, timeZone: owner.timeZone }] : [];
    });
    await enqueueMails(tx, targets.map((l) => licenseReminderMail(reminder.kind, l, ctx.config.publicUrl, now)));
    await createNotifications(tx, targets.map((l) => ({ userId: l.userId, ...licenseReminderNotification(reminder.kind, l, now) })));
    return claimed.length;
  });
}

/**
 * One pass of the reminder job: for each reminder, claims and sends batch after batch until none
 * is due. Safe to run at any time, as often as wanted, from any number of processes at once.
 */
export async function sendExpiryReminders(ctx: AppContext, opts: { now?: Date; batchSize?: number } = {}): Promise<ReminderReport> {
  const now = opts.now ?? new Date();
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

/** Runs the reminder job once at start and then every LICENSE_REMINDER_MS. */
export class LicenseReminderJob {
  private readonly task: RepeatingTask<ReminderReport>;

  constructor(ctx: AppContext, log: FastifyBaseLogger) {
    this.task = new RepeatingTask(() => sendExpiryReminders(ctx), {
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
