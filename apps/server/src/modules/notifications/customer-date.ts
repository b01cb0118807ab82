import { formatDate } from '@lbs/domain/dates';

/**
 * A date as the customer reads it in a mail or a notification: '26 Nov 2026' in their own time
 * zone (their account's preference), the same form as the account's screens: the shared formatter
 * (packages/domain/src/dates.ts, issue 21), which also reads an unknown zone as Singapore's.
 */
export function customerDate(date: Date, timeZone: string): string {
  return formatDate(date, timeZone);
}
