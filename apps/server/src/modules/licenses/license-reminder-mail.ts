import { formatDateTimeWithZone } from '@lbs/domain/dates';
import { greeting } from '@lbs/domain/greeting';
import { findPlanByLicenseType } from '@lbs/domain/catalogue';
import { isRenewableLicenseType, truncateKey, type LicenseReminder } from '@lbs/domain/license-terms';
import { formatUsd, fromCents } from '@lbs/domain/money';
import type { NotificationType } from '@lbs/domain/statuses';
import { headerSafe, renderMail } from '../../integrations/mail/template';
import type { MailMessage } from '../outbox/enqueue';

export interface ReminderTarget {
  key: string;
  type: string;
  expiresAt: Date;
  /** Set for an unused Daily pass: its activate-by date (the same as expiresAt). */
  activateBy?: Date | null;
  email: string;
  firstName: string;
  /** The owner's time zone (users.time_zone): the mail and notification give their dates in it. */
  timeZone: string;
  /**
   * Set when the licence renews automatically (DESIGN §6.3): what its next renewal charges (the
   * price its holder was last told). Its 7-day and 1-day reminders then say when it renews and
   * for how much, not that it ends.
   */
  renewsForCents?: number | null;
}

/** The licence renews on its own: its reminders before the end announce the charge instead. */
const renews = (kind: LicenseReminder['kind'], l: ReminderTarget): l is ReminderTarget & { renewsForCents: number } =>
  kind !== 'ended' && l.renewsForCents != null && !l.activateBy;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left, at least 2 (the 7-day reminder of a key the job first sees later tells the truth). */
const daysLeft = (l: ReminderTarget, now: Date) => Math.max(2, Math.ceil((l.expiresAt.getTime() - now.getTime()) / DAY_MS));

/**
 * Subject, heading and notification title. The 7-day reminder counts the days actually left (it
 * is normally sent 7 days ahead, but a key the job first sees later is told the truth).
 */
function wording(kind: LicenseReminder['kind'], l: ReminderTarget, now: Date): { subject: string; title: string; notice: string } {
  if (kind === 'ended') return { subject: 'Your LentiBooth license has ended', title: 'Your license has ended', notice: 'License ended' };
  if (kind === 'expires_in_1_day') {
    return { subject: 'Your LentiBooth license ends within a day', title: 'Your license ends within a day', notice: 'License ends within a day' };
  }
  const days = daysLeft(l, now);
  return { subject: `Your LentiBooth license ends in ${days} days`, title: `Your license ends in ${days} days`, notice: `License ends in ${days} days` };
}

const planName = (type: string) => findPlanByLicenseType(type)?.name ?? 'LentiBooth license';

/** What to do about it: renewal for the time plans, a new plan for the setup kit's key. */
function nextStep(kind: LicenseReminder['kind'], type: string): string {
  if (!isRenewableLicenseType(type)) {
    return kind === 'ended'
      ? 'To keep using LentiBooth, choose a Daily, Monthly or Yearly License under Plans in your account.'
      : 'To keep using LentiBooth after it, choose a Daily, Monthly or Yearly License under Plans in your account.';
  }
  return kind === 'ended'
    ? 'Renew it from Your Subscriptions to pick up where you left off: the same key, on the same device, for a new term from the day you pay.'
    : 'Renew it from Your Subscriptions before then and nothing changes on your booth: the same key keeps working on its device, and the new term is added to the end of this one.';
}

/**
 * An unused Daily pass's reminders (DESIGN §6.1): a week before its activate-by date, and when it
 * has lapsed unused. It is told to activate, not to renew.
 */
function unusedPassMail(kind: LicenseReminder['kind'], l: ReminderTarget, publicUrl: string): MailMessage {
  const by = formatDateTimeWithZone(l.expiresAt, l.timeZone);
  const ended = kind === 'ended';
  const subject = ended ? 'Your unused LentiBooth Daily pass has expired' : `Your unused LentiBooth Daily pass expires on ${by}`;
  const { html, text } = renderMail({
    title: ended ? 'Your unused Daily pass has expired' : 'Activate your Daily pass before it expires',
    paragraphs: [
      ended
        ? `${greeting({ firstName: l.firstName })} your Daily pass ${truncateKey(l.key)} was not activated by ${by}, so it has expired unused.`
        : `${greeting({ firstName: l.firstName })} your unused Daily pass ${truncateKey(l.key)} expires on ${by}. Activate it before then: the pass starts at its first activation.`,
      ended ? 'To work an event, choose a Daily, Monthly or Yearly License under Plans in your account.' : 'Enter the key in LentiBooth on the booth you will use; the pass then runs from that moment.',
    ],
    rows: [
      ['License key', truncateKey(l.key)],
      ['Plan', planName(l.type)],
      [ended ? 'Expired' : 'Activate by', by],
    ],
    button: ended ? { label: 'See the plans', url: `${publicUrl}/accounts/plans` } : { label: 'Go to my account', url: `${publicUrl}/accounts/overview` },
    footnote: 'You get this reminder a week before an unused Daily pass expires, and once when it has.',
  });
  return { to: l.email, subject: headerSafe(subject), html, text };
}

/** How to stop it, said in every renewal reminder (the consent's own words: a paid term runs to its end). */
const TURN_OFF =
  'Nothing to do if you want to keep it. To stop it renewing, turn automatic renewal off under Licences in your account before then; the paid term still runs to its end.';

/** The 7-day or 1-day reminder of a licence that renews automatically: when, for how much, how to turn it off. */
function renewalReminderMail(kind: LicenseReminder['kind'], l: ReminderTarget & { renewsForCents: number }, publicUrl: string, now: Date): MailMessage {
  const plan = planName(l.type);
  const on = formatDateTimeWithZone(l.expiresAt, l.timeZone);
  const amount = formatUsd(fromCents(l.renewsForCents));
  const title = kind === 'expires_in_1_day' ? 'Your license renews within a day' : `Your license renews in ${daysLeft(l, now)} days`;
  const { html, text } = renderMail({
    title,
    paragraphs: [
      `${greeting({ firstName: l.firstName })} your ${plan} key ${truncateKey(l.key)} renews on ${on} for ${amount}, charged to your saved card. The same key keeps working on its device, with nothing to re-activate.`,
      TURN_OFF,
    ],
    rows: [
      ['License key', truncateKey(l.key)],
      ['Plan', plan],
      ['Renews on', on],
      ['Amount', amount],
    ],
    button: { label: 'Manage my licenses', url: `${publicUrl}/accounts/overview` },
    footnote: 'You get this reminder 7 days and 1 day before a license renews automatically.',
  });
  return { to: l.email, subject: headerSafe(`Your LentiBooth license renews on ${on} for ${amount}`), html, text };
}

/** The reminder mail for one key (7 days, 1 day, or ended). */
export function licenseReminderMail(kind: LicenseReminder['kind'], l: ReminderTarget, publicUrl: string, now: Date): MailMessage {
  if (l.activateBy) return unusedPassMail(kind, l, publicUrl);
  if (renews(kind, l)) return renewalReminderMail(kind, l, publicUrl, now);
  const when = wording(kind, l, now);
  const plan = planName(l.type);
  const ends = formatDateTimeWithZone(l.expiresAt, l.timeZone);
  const lead =
    kind === 'ended'
      ? `your ${plan} key ${truncateKey(l.key)} ended on ${ends}. LentiBooth stops working on its device at its next licence check.`
      : `your ${plan} key ${truncateKey(l.key)} ends on ${ends}.`;
  const { html, text } = renderMail({
    title: when.title,
    paragraphs: [`${greeting({ firstName: l.firstName })} ${lead}`, nextStep(kind, l.type)],
    rows: [
      ['License key', truncateKey(l.key)],
      ['Plan', plan],
      [kind === 'ended' ? 'Ended' : 'Ends', ends],
    ],
    button: isRenewableLicenseType(l.type)
      ? { label: 'Renew my license', url: `${publicUrl}/accounts/overview` }
      : { label: 'See the plans', url: `${publicUrl}/accounts/plans` },
    footnote: 'You get this reminder 7 days and 1 day before a license ends, and once when it has ended.',
  });
  return { to: l.email, subject: headerSafe(when.subject), html, text };
}

/** The matching notification (its type maps to an icon in the account's notification list). */
export function licenseReminderNotification(
  kind: LicenseReminder['kind'],
  l: ReminderTarget,
  now: Date,
): { type: NotificationType; title: string; message: string } {
  const plan = planName(l.type);
  const ends = formatDateTimeWithZone(l.expiresAt, l.timeZone);
  if (l.activateBy) {
    return kind === 'ended'
      ? { type: 'license_expired', title: 'Unused Daily pass expired', message: `Your Daily pass ${truncateKey(l.key)} was not activated by ${ends} and has expired unused.` }
      : {
          type: 'license_expiring',
          title: 'Activate your Daily pass',
          message: `Your unused Daily pass ${truncateKey(l.key)} expires on ${ends}: activate it before then. The pass starts at its first activation.`,
        };
  }
  if (renews(kind, l)) {
    const amount = formatUsd(fromCents(l.renewsForCents));
    return {
      type: 'license_expiring',
      title: kind === 'expires_in_1_day' ? 'License renews within a day' : `License renews in ${daysLeft(l, now)} days`,
      message: `Your ${plan} key ${truncateKey(l.key)} renews on ${ends} for ${amount}, charged to your saved card. To stop it, turn automatic renewal off under Licences before then.`,
    };
  }
  const renew = isRenewableLicenseType(l.type) ? ' Renew it from Your Subscriptions to keep the same key and device.' : ' Choose a plan under Plans to keep going.';
  return {
    type: kind === 'ended' ? 'license_expired' : 'license_expiring',
    title: wording(kind, l, now).notice,
    message:
      kind === 'ended'
        ? `Your ${plan} key ${truncateKey(l.key)} ended on ${ends}.${renew}`
        : `Your ${plan} key ${truncateKey(l.key)} ends on ${ends}.${renew}`,
  };
}
