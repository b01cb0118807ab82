// The dates are shared with the back office and the order dialog (lib); the account reads them here.
export { formatDate, formatDateTime } from '../../lib/format-date';

const DAY_MS = 24 * 3600 * 1000;

/** A licence's term as days between start and end ('1 Day', '365 Days'); 'No expiry' without an end. */
export function licenseDuration(start: string, end: string | null): string {
  if (!end) return 'No expiry';
  const days = Math.max(1, Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS));
  return `${days} ${days === 1 ? 'Day' : 'Days'}`;
}
