import {
  formatCalendarDay,
  formatDate as formatDateIn,
  formatDateTime as formatDateTimeIn,
  isoDayInZone,
  type Moment,
} from '@lbs/domain/dates';

/**
 * Dates as the account shows them, in the time zone the signed-in customer chose (Notifications
 * tab, stored on the account), else the browser's own. One place sets the zone (setDisplayTimeZone,
 * when the preferences load or change); every screen formats through here, and here through the
 * domain's formatter (@lbs/domain/dates), which the server's mails, PDFs and CSV files use too, so a
 * date reads the same on the screen and in the mail (DESIGN §6.2).
 */
let zone: string | undefined;

/** The browser's own IANA zone ('Asia/Jakarta'). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Show dates in `timeZone` (an IANA name) from now on; undefined goes back to the browser's zone. */
export function setDisplayTimeZone(timeZone: string | undefined): void {
  zone = timeZone;
}

/** The zone dates are shown in now: the account's choice, else the browser's (a file's date follows it too). */
export function displayTimeZone(): string {
  return zone ?? browserTimeZone();
}

/** '5 Mar 2025' in the display time zone; '--' for no date. */
export function formatDate(iso: Moment): string {
  return formatDateIn(iso, displayTimeZone());
}

/** '5 Mar 2025, 14:05' in the display time zone ('14:05:09' with seconds); '--' for no date. */
export function formatDateTime(iso: Moment, opts: { seconds?: boolean } = {}): string {
  return formatDateTimeIn(iso, displayTimeZone(), opts);
}

/** '10 Jan 2030' for a calendar day written '2030-01-10' (an estimated delivery): a day, in no zone. */
export { formatCalendarDay };

/** '2025-03-05': the day in ISO form in `timeZone` (default the display zone), for tables the spec dates so; '' for none. */
export function formatIsoDay(iso: Moment, timeZone: string = displayTimeZone()): string {
  return isoDayInZone(iso, timeZone);
}

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const RELATIVE_STEPS: ReadonlyArray<[unit: Intl.RelativeTimeFormatUnit, seconds: number, below: number]> = [
  ['second', 1, 60],
  ['minute', 60, 60 * 60],
  ['hour', 3600, 24 * 3600],
  ['day', 24 * 3600, 30 * 24 * 3600],
  ['month', 30 * 24 * 3600, 365 * 24 * 3600],
  ['year', 365 * 24 * 3600, Infinity],
];

/**
 * '3 hours ago', 'yesterday', 'in 2 days': how long ago `iso` was, in the largest whole unit
 * (rounded down, so a booth seen 1 h 50 min ago reads '1 hour ago', never later than it was).
 * Relative time needs no zone; show formatDateTime beside it (a title) for the exact moment.
 * '--' for no date.
 */
export function formatRelativeTime(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return '--';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '--';
  const seconds = (at - now) / 1000;
  const size = Math.abs(seconds);
  if (size < 45) return 'just now';
  const [unit, per] = RELATIVE_STEPS.find(([, , below]) => size < below)!;
  return RELATIVE.format(Math.sign(seconds) * Math.floor(size / per), unit);
}
