import { DEFAULT_DISPLAY_TIME_ZONE, DISPLAY_TIME_ZONES } from './preferences';

/*
 * The one way a date is written for a person (DESIGN §6.2): screens, mails, PDFs, notification
 * texts and CSV files all format here, in the reader's time zone (their preference, users.time_zone),
 * which every function takes explicitly. A moment near midnight is a different day in Singapore,
 * Jakarta and Los Angeles; formatting it anywhere else (a server in UTC, toISOString) is what
 * mailed "Valid from 25 Nov" for a key generated at 06:57 on 26 Nov in Singapore.
 */

/** A moment as an ISO string or a Date; null/undefined/unparseable reads as '--'. */
export type Moment = string | Date | null | undefined;

const NO_DATE = '--';

const STYLES = {
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  dateTimeSeconds: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' },
  parts: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
type Style = keyof typeof STYLES;

// Building an Intl.DateTimeFormat costs far more than using one, and a mail batch or a CSV export
// formats thousands of dates in a handful of zones.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(style: Style, zone: string): Intl.DateTimeFormat {
  const key = `${style}|${zone}`;
  let f = formatters.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(style === 'parts' ? 'en-US' : 'en-GB', { ...STYLES[style], timeZone: zone });
    } catch {
      // An unknown zone name (never stored by the app, which validates it) must not fail a
      // payment's receipt or a reminder batch: the shop's own zone is the sensible reading.
      f = new Intl.DateTimeFormat(style === 'parts' ? 'en-US' : 'en-GB', { ...STYLES[style], timeZone: DEFAULT_DISPLAY_TIME_ZONE });
    }
    formatters.set(key, f);
  }
  return f;
}

function toDate(at: Moment): Date | null {
  if (at === null || at === undefined || at === '') return null;
  const d = at instanceof Date ? at : new Date(at);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** '26 Nov 2026': the day `at` falls on in `zone` (an IANA name); '--' for no date. */
export function formatDate(at: Moment, zone: string): string {
  const d = toDate(at);
  return d ? formatter('date', zone).format(d) : NO_DATE;
}

/** '26 Nov 2026, 06:57' in `zone` (24-hour clock); with `seconds`, '26 Nov 2026, 06:57:09'. '--' for no date. */
export function formatDateTime(at: Moment, zone: string, opts: { seconds?: boolean } = {}): string {
  const d = toDate(at);
  return d ? formatter(opts.seconds ? 'dateTimeSeconds' : 'dateTime', zone).format(d) : NO_DATE;
}

/**
 * The zone's short name as the account's time-zone list gives it ('SGT', 'WIB', 'PT'), else the
 * IANA name itself.
 */
export function timeZoneAbbreviation(zone: string): string {
  const label = DISPLAY_TIME_ZONES.find((z) => z.id === zone)?.label;
  return /\(([^)]+)\)\s*$/.exec(label ?? '')?.[1] ?? zone;
}

/**
 * '26 Nov 2026, 06:57 (SGT)': a moment in text that leaves the screen (a mail, a notification),
 * where the reader cannot see which zone the account is set to, so it says so.
 */
export function formatDateTimeWithZone(at: Moment, zone: string): string {
  const d = toDate(at);
  return d ? `${formatDateTime(d, zone)} (${timeZoneAbbreviation(zone)})` : NO_DATE;
}

/** The wall-clock fields of `d` in `zone`. */
function wallClock(d: Date, zone: string) {
  const parts = Object.fromEntries(formatter('parts', zone).formatToParts(d).map((p) => [p.type, p.value]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** '2026-11-26': the calendar day `at` falls on in `zone`, as ISO 8601 (file names, CSV date columns); '' for no date. */
export function isoDayInZone(at: Moment, zone: string): string {
  const d = toDate(at);
  if (!d) return '';
  const w = wallClock(d, zone);
  return `${w.year}-${w.month}-${w.day}`;
}

/**
 * '2026-11-26T06:57:09+08:00': the moment in ISO 8601 with the zone's offset at that moment (CSV
 * cells), so a spreadsheet reader sees the local time and the file still names one exact instant.
 * '' for no date.
 */
export function isoDateTimeInZone(at: Moment, zone: string): string {
  const d = toDate(at);
  if (!d) return '';
  const w = wallClock(d, zone);
  const wallMs = Date.UTC(+w.year, +w.month - 1, +w.day, +w.hour, +w.minute, +w.second);
  const offsetMin = Math.round((wallMs - Math.floor(d.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${w.year}-${w.month}-${w.day}T${w.hour}:${w.minute}:${w.second}${offset}`;
}

/**
 * '2026-11-26 06:57:09': the wall clock in `zone`, the way a spreadsheet (Excel, LibreOffice,
 * Sheets) reads a date and time as one, with no T, offset or fraction (issue 37). Name the zone
 * beside it (a CSV's header). '' for no date.
 */
export function spreadsheetDateTimeInZone(at: Moment, zone: string): string {
  const iso = isoDateTimeInZone(at, zone);
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)}` : '';
}

/**
 * '10 Jan 2030' for a calendar day written '2030-01-10' (an estimated delivery date): a day, not a
 * moment, so no zone moves it. Anything else is shown as written; '--' for none.
 */
export function formatCalendarDay(day: string | null | undefined): string {
  if (!day) return NO_DATE;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  return formatDate(new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, 12)), 'UTC');
}
