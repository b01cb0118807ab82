import { formatUsd } from '@lbs/domain/money';

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** '5 Mar 2025' in the browser's time zone; '--' for no date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '--';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '--' : DATE.format(d);
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '--';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '--' : DATE_TIME.format(d);
}

const DAY_MS = 24 * 3600 * 1000;

/** A licence's term as days between start and end ('1 Day', '365 Days'); 'No expiry' without an end. */
export function licenseDuration(start: string, end: string | null): string {
  if (!end) return 'No expiry';
  const days = Math.max(1, Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS));
  return `${days} ${days === 1 ? 'Day' : 'Days'}`;
}

export { formatUsd };
