import { describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatDateTimeWithZone,
  isoDateTimeInZone,
  spreadsheetDateTimeInZone,
  isoDayInZone,
  timeZoneAbbreviation,
} from './dates';
import { DISPLAY_TIME_ZONES } from './preferences';

describe('the issue-21 defect: a key generated at 06:57 in Singapore on 26 Nov', () => {
  const generated = new Date('2026-11-25T22:57:00Z');
  it('reads 26 Nov in Singapore, wherever the formatting runs (the server is on UTC, still the 25th)', () => {
    expect(formatDate(generated, 'Asia/Singapore')).toBe('26 Nov 2026');
    expect(formatDateTime(generated, 'Asia/Singapore')).toBe('26 Nov 2026, 06:57');
    expect(formatDateTimeWithZone(generated, 'Asia/Singapore')).toBe('26 Nov 2026, 06:57 (SGT)');
    expect(isoDayInZone(generated, 'Asia/Singapore')).toBe('2026-11-26');
    expect(formatDate(generated, 'Etc/GMT')).toBe('25 Nov 2026');
  });
});

/** [zone, UTC instant, expected date, expected date-time, expected ISO with offset] around midnight. */
const AROUND_MIDNIGHT: ReadonlyArray<[string, string, string, string, string]> = [
  ['Asia/Singapore', '2026-11-25T15:30:00Z', '25 Nov 2026', '25 Nov 2026, 23:30', '2026-11-25T23:30:00+08:00'],
  ['Asia/Singapore', '2026-11-25T16:30:00Z', '26 Nov 2026', '26 Nov 2026, 00:30', '2026-11-26T00:30:00+08:00'],
  ['Asia/Jakarta', '2026-11-25T16:30:00Z', '25 Nov 2026', '25 Nov 2026, 23:30', '2026-11-25T23:30:00+07:00'],
  ['Asia/Jakarta', '2026-11-25T17:30:00Z', '26 Nov 2026', '26 Nov 2026, 00:30', '2026-11-26T00:30:00+07:00'],
  ['Asia/Makassar', '2026-11-25T16:30:00Z', '26 Nov 2026', '26 Nov 2026, 00:30', '2026-11-26T00:30:00+08:00'],
  ['Asia/Jayapura', '2026-11-25T14:30:00Z', '25 Nov 2026', '25 Nov 2026, 23:30', '2026-11-25T23:30:00+09:00'],
  ['America/Los_Angeles', '2026-11-26T07:30:00Z', '25 Nov 2026', '25 Nov 2026, 23:30', '2026-11-25T23:30:00-08:00'],
  ['America/Los_Angeles', '2026-11-26T08:30:00Z', '26 Nov 2026', '26 Nov 2026, 00:30', '2026-11-26T00:30:00-08:00'],
  ['Asia/Kolkata', '2026-11-25T18:00:00Z', '25 Nov 2026', '25 Nov 2026, 23:30', '2026-11-25T23:30:00+05:30'],
  ['Asia/Kolkata', '2026-11-25T19:00:00Z', '26 Nov 2026', '26 Nov 2026, 00:30', '2026-11-26T00:30:00+05:30'],
];

describe('the hours around midnight', () => {
  it.each(AROUND_MIDNIGHT)('%s at %s is %s', (zone, utc, date, dateTime, iso) => {
    expect(formatDate(utc, zone)).toBe(date);
    expect(formatDate(new Date(utc), zone)).toBe(date);
    expect(formatDateTime(utc, zone)).toBe(dateTime);
    expect(isoDateTimeInZone(utc, zone)).toBe(iso);
    expect(isoDayInZone(utc, zone)).toBe(iso.slice(0, 10));
  });
});

describe('the days clocks change', () => {
  it('Sydney, 4 Oct 2026 (AEST +10 to AEDT +11 at 02:00): the day is 23 hours long', () => {
    const justAfterMidnight = '2026-10-03T14:30:00Z';
    const justBeforeMidnight = '2026-10-04T12:30:00Z';
    expect(formatDateTime(justAfterMidnight, 'Australia/Sydney')).toBe('4 Oct 2026, 00:30');
    expect(isoDateTimeInZone(justAfterMidnight, 'Australia/Sydney')).toBe('2026-10-04T00:30:00+10:00');
    expect(formatDateTime(justBeforeMidnight, 'Australia/Sydney')).toBe('4 Oct 2026, 23:30');
    expect(isoDateTimeInZone(justBeforeMidnight, 'Australia/Sydney')).toBe('2026-10-04T23:30:00+11:00');
    expect(formatDate('2026-10-04T13:30:00Z', 'Australia/Sydney')).toBe('5 Oct 2026');
  });
  it('Sydney, 5 Apr 2026 (AEDT back to AEST at 03:00): 02:30 happens twice, the day is 25 hours long', () => {
    expect(formatDateTime('2026-04-04T15:30:00Z', 'Australia/Sydney')).toBe('5 Apr 2026, 02:30');
    expect(formatDateTime('2026-04-04T16:30:00Z', 'Australia/Sydney')).toBe('5 Apr 2026, 02:30');
    expect(isoDateTimeInZone('2026-04-04T16:30:00Z', 'Australia/Sydney')).toBe('2026-04-05T02:30:00+10:00');
    expect(formatDateTime('2026-04-05T13:30:00Z', 'Australia/Sydney')).toBe('5 Apr 2026, 23:30');
    expect(formatDate('2026-04-05T14:30:00Z', 'Australia/Sydney')).toBe('6 Apr 2026');
  });
  it('Los Angeles, 8 Mar 2026 (PST -8 to PDT -7) and 1 Nov 2026 (back to PST)', () => {
    expect(isoDateTimeInZone('2026-03-08T08:30:00Z', 'America/Los_Angeles')).toBe('2026-03-08T00:30:00-08:00');
    expect(isoDateTimeInZone('2026-03-09T06:30:00Z', 'America/Los_Angeles')).toBe('2026-03-08T23:30:00-07:00');
    expect(formatDate('2026-03-09T07:30:00Z', 'America/Los_Angeles')).toBe('9 Mar 2026');
    expect(isoDateTimeInZone('2026-11-01T07:30:00Z', 'America/Los_Angeles')).toBe('2026-11-01T00:30:00-07:00');
    expect(isoDateTimeInZone('2026-11-02T07:30:00Z', 'America/Los_Angeles')).toBe('2026-11-01T23:30:00-08:00');
    expect(formatDateTimeWithZone('2026-11-02T07:30:00Z', 'America/Los_Angeles')).toBe('1 Nov 2026, 23:30 (PT)');
  });
});

describe('the formats', () => {
  it('keeps the screens’ look: day, short month, year; 24-hour time; seconds on request', () => {
    expect(formatDate('2025-03-05T14:05:09Z', 'Etc/GMT')).toBe('5 Mar 2025');
    expect(formatDateTime('2025-03-05T14:05:09Z', 'Etc/GMT')).toBe('5 Mar 2025, 14:05');
    expect(formatDateTime('2025-03-05T14:05:09Z', 'Etc/GMT', { seconds: true })).toBe('5 Mar 2025, 14:05:09');
    expect(isoDateTimeInZone('2025-03-05T14:05:09.999Z', 'Etc/GMT')).toBe('2025-03-05T14:05:09+00:00');
  });
  it('reads no date or a bad one as --, and empty in files', () => {
    for (const none of [null, undefined, '', 'not a date']) {
      expect(formatDate(none, 'Asia/Singapore')).toBe('--');
      expect(formatDateTime(none, 'Asia/Singapore')).toBe('--');
      expect(formatDateTimeWithZone(none, 'Asia/Singapore')).toBe('--');
      expect(isoDayInZone(none, 'Asia/Singapore')).toBe('');
      expect(isoDateTimeInZone(none, 'Asia/Singapore')).toBe('');
    }
  });
  it('names every listed zone by its short name, and an unlisted one by its IANA name', () => {
    expect(DISPLAY_TIME_ZONES.map((z) => timeZoneAbbreviation(z.id))).toEqual(['PT', 'MT', 'CT', 'ET', 'GMT', 'CET', 'IST', 'WIB', 'SGT', 'WITA', 'WIT', 'AET']);
    expect(timeZoneAbbreviation('Asia/Tokyo')).toBe('Asia/Tokyo');
  });
  it('reads an unknown zone name as the shop’s own (Singapore) rather than failing a mail', () => {
    expect(formatDateTime('2026-11-25T22:57:00Z', 'Not/AZone')).toBe('26 Nov 2026, 06:57');
  });
  it('shows a calendar day (an estimated delivery) as itself, in no zone', () => {
    expect(formatCalendarDay('2030-01-10')).toBe('10 Jan 2030');
    expect(formatCalendarDay('soon')).toBe('soon');
    expect(formatCalendarDay(null)).toBe('--');
  });
});

describe('the zone list', () => {
  it('runs from Pacific Time to Australian Eastern by UTC offset, with Indonesia’s three zones', () => {
    const offsetAt = (zone: string) => isoDateTimeInZone('2026-01-15T00:00:00Z', zone).slice(19);
    const minutes = (o: string) => (o[0] === '-' ? -1 : 1) * (Number(o.slice(1, 3)) * 60 + Number(o.slice(4, 6)));
    const offsets = DISPLAY_TIME_ZONES.map((z) => minutes(offsetAt(z.id)));
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(DISPLAY_TIME_ZONES.map((z) => z.id)).toEqual(
      expect.arrayContaining(['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura']),
    );
    expect(DISPLAY_TIME_ZONES).toHaveLength(12);
    expect(DISPLAY_TIME_ZONES[0]!.id).toBe('America/Los_Angeles');
    expect(DISPLAY_TIME_ZONES.at(-1)!.id).toBe('Australia/Sydney');
  });
});

describe('spreadsheetDateTimeInZone (issue 37)', () => {
  it('is the wall clock in the zone as Excel reads a date and time: no T, no offset, whole seconds', () => {
    expect(spreadsheetDateTimeInZone('2026-11-25T22:57:09.999Z', 'Asia/Singapore')).toBe('2026-11-26 06:57:09');
    expect(spreadsheetDateTimeInZone(new Date('2026-03-08T08:30:00Z'), 'America/Los_Angeles')).toBe('2026-03-08 00:30:00');
    expect(spreadsheetDateTimeInZone(null, 'Asia/Singapore')).toBe('');
  });
});
