import { isoDayInZone } from '@lbs/domain/dates';

// Zone offsets (and their changes) fall on whole quarter hours, so every instant of one quarter
// hour lies on the same day in any zone.
const QUARTER_HOUR_MS = 15 * 60 * 1000;

/**
 * isoDayInZone for the many rows of one export (instants as epoch milliseconds, which both drivers
 * read the same way, where a timestamptz comes back as a Date from one and as text from the other): each quarter hour's day is worked out once (an
 * Intl call costs about as much as the rest of the row), at most 35,000 of them in a year.
 */
export function businessDayFormatter(timeZone: string): (atMs: number) => string {
  const days = new Map<number, string>();
  return (atMs) => {
    const key = Math.floor(atMs / QUARTER_HOUR_MS);
    let day = days.get(key);
    if (day === undefined) {
      day = isoDayInZone(new Date(atMs), timeZone);
      days.set(key, day);
    }
    return day;
  };
}
