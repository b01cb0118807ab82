import { and, asc, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { LICENSE_REMINDERS, type LicenseReminder } from '@lbs/domain/license-terms';
import { RENEWAL_GRACE_DAYS } from '@lbs/domain/renewals';
import type { DbOrTx, Tx } from '../../db/client';
import { licenses, orders } from '../../db/schema';
import { writeLicensesWhere, type LicenseRow } from './write-licenses';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An 'ended' notice goes out for a key that ended within this long; one that ended earlier while
 * the job was not running (or was imported already ended) is left alone rather than announced late.
 */
const ENDED_NOTICE_WINDOW_MS = 7 * DAY_MS;

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

/** How the reminder job reads automatic renewal: the grace days a renewal may keep a licence past its end. */
export interface ReminderRenewalRules {
  graceDays: number;
}

/**
 * When a licence whose term ended at expires_at (E) really ended (DESIGN §6.3), for the 'ended'
 * notice: at E, unless an automatic renewal kept it in grace; then when that grace ends
 * (grace_until, while set), or, once the renewal job has given the order up and cleared the grace,
 * when the order for E was abandoned (its cancelled_at; never before E). So the 'ended' notice is
 * never sent during grace, and after a grace that ended unpaid its week counts from that end. The
 * lookup is one probe of the (licence, E) unique index of renewal orders.
 */
const endedAt = sql`greatest(${licenses.expiresAt}, coalesce(${licenses.graceUntil}, (
  select max(${orders.cancelledAt}) from ${orders}
  where ${orders.renewalLicenseId} = ${licenses.id} and ${orders.renewalTermEnd} = ${licenses.expiresAt}
)))`;

/**
 * The keys due for this reminder at `now`, oldest expiry first, locked for the caller's
 * transaction (rows another process holds are skipped, not waited for). A range scan of the
 * partial index on expiry, whatever the table's size: the 'ended' notice's range reaches back
 * the grace days further, for the keys a grace kept going (endedAt).
 */
export function dueForReminder(
  db: DbOrTx,
  reminder: LicenseReminder,
  now: Date,
  limit: number,
  rules: ReminderRenewalRules = { graceDays: RENEWAL_GRACE_DAYS },
) {
  const { after, upTo } = window(reminder, now);
  const ended = reminder.kind === 'ended';
  return db
    .select({ id: licenses.id })
    .from(licenses)
    .where(
      and(
        // The partial index's own predicate, written out so that even a generic plan can use it.
        sql`${licenses.reminderStage} < 3 and ${licenses.revokedAt} is null`,
        lt(licenses.reminderStage, reminder.stage),
        gt(licenses.expiresAt, ended ? new Date(after.getTime() - rules.graceDays * DAY_MS) : after),
        lte(licenses.expiresAt, upTo),
        ended ? sql`${endedAt} > ${after.toISOString()}::timestamptz and ${endedAt} <= ${now.toISOString()}::timestamptz` : undefined,
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
 * The reminder job's verb: moves up to `limit` keys due for this reminder to its stage and answers
 * them; the job then tells each customer (send-expiry-reminders.ts). The claim is the UPDATE of
 * reminder_stage from below the stage to it: of two processes (or two runs) only one can move a
 * row, and SKIP LOCKED lets a second process take the next rows instead of waiting.
 */
export function claimReminderStage(
  tx: Tx,
  reminder: LicenseReminder,
  now: Date,
  limit: number,
  rules?: ReminderRenewalRules,
): Promise<LicenseRow[]> {
  return writeLicensesWhere(
    tx,
    and(inArray(licenses.id, dueForReminder(tx, reminder, now, limit, rules)), lt(licenses.reminderStage, reminder.stage)),
    { reminderStage: reminder.stage },
  );
}
