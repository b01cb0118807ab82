import { and, asc, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LICENSE_REMINDERS, type LicenseReminder } from '@lbs/domain/license-terms';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/client';
import { licenses, users } from '../../db/schema';
import { licensesChanged } from '../license-server/licenses-changed';
import { RepeatingTask } from '../../lib/repeating-task';
import { createNotifications } from '../notifications/create-notification';
import { enqueueMails } from '../outbox/enqueue';
import { licenseReminderMail, licenseReminderNotification } from './license-reminder-mail';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An 'ended' notice goes out for a key that ended within this long; one that ended earlier while
 * the job was not running (or was imported already ended) is left alone rather than announced late.
 */
const ENDED_NOTICE_WINDOW_MS = 7 * DAY_MS;

/** Licences claimed per statement: one transaction writes this many mails and notifications. */
const BATCH = 500;

export type ReminderReport = Record<LicenseReminder['kind'], number>;

/**
 * The expiry window of each reminder at `now`, one per stage and never overlapping, so a run sends
 * a key at most one reminder: the one its time left calls for (a key the job missed at 7 days gets
 * the 1-day one, not both).
 */
function window(reminder: LicenseReminder, now: Date): { after: Date; upTo: Date } {
  const at = (ms: number) => new Date(now.getTime() + ms);
  const next = LICENSE_REMINDERS.find((r) => r.stage === reminder.stage + 1);
  if (!next) return { after: at(-ENDED_NOTICE_WINDOW_MS), upTo: now };
  return { after: at(next.leadMs), upTo: at(reminder.leadMs) };
}

/**
 * The keys due for this reminder at `now`, oldest expiry first, locked for the caller's
 * transaction (rows another process holds are skipped, not waited for). A range scan of the
 * partial index on expiry, whatever the table's size.
 */
export function dueForReminder(db: DbOrTx, reminder: LicenseReminder, now: Date, limit: number) {
  const { after, upTo } = window(reminder, now);
  return db
    .select({ id: licenses.id })
    .from(licenses)
    .where(
      and(
        // The partial index's own predicate, written out so that even a generic plan can use it.
        sql`${licenses.reminderStage} < 3 and ${licenses.revokedAt} is null`,
        lt(licenses.reminderStage, reminder.stage),
        gt(licenses.expiresAt, after),
        lte(licenses.expiresAt, upTo),
        // An unused Daily pass gets the week's notice and the ended one, not a day's: its owner
        // plans an event, not a renewal, and a week is the notice that helps.
        reminder.kind === 'expires_in_1_day' ? isNull(licenses.activateBy) : undefined,
      ),
    )
    .orderBy(asc(licenses.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Claims up to one batch of keys due for this reminder and queues their mails and notifications,
 * all in one transaction. The claim is the UPDATE of reminder_stage from below the stage to it: of
 * two processes (or two runs) only one can move a row, and SKIP LOCKED lets a second process take
 * the next rows instead of waiting. A rolled-back batch leaves the stage as it was, to be sent by
 * the next run: each reminder is sent once, never twice, never lost.
 */
async function claimBatch(ctx: AppContext, reminder: LicenseReminder, now: Date, limit: number): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const due = dueForReminder(tx, reminder, now, limit);
    const claimed = await tx
      .update(licenses)
      .set({ reminderStage: reminder.stage })
      .where(and(inArray(licenses.id, due), lt(licenses.reminderStage, reminder.stage)))
      .returning({ id: licenses.id, key: licenses.licenseKey, type: licenses.type, expiresAt: licenses.expiresAt, activateBy: licenses.activateBy, userId: licenses.userId });
    if (claimed.length === 0) return 0;
    await licensesChanged(tx, claimed.map((l) => l.id));

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
