import type { BoothLicenseState, TBooth } from '@lbs/domain/booths';
import type { LicenseDisplayStatus } from '@lbs/domain/license-terms';

/*
 * How a booth's row reads: pure, so the words are tested without a browser.
 */

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The server says a booth's licence state in the fleet's words; the badges are the overview's. */
const DISPLAY_STATUS: Readonly<Record<BoothLicenseState, LicenseDisplayStatus>> = {
  active: 'active',
  'not-started': 'unstarted',
  'starts-later': 'upcoming',
  suspended: 'suspended',
  expired: 'expired',
  revoked: 'revoked',
};

export const boothLicenseStatus = (state: BoothLicenseState): LicenseDisplayStatus => DISPLAY_STATUS[state];

/** What to call a booth: its name, else its device id (a booth that never sent a name). */
export const boothTitle = (b: Pick<TBooth, 'name' | 'device_id'>): string => b.name ?? b.device_id;

/** Device ids are long (a UUID, a serial): the first characters tell booths apart, the title holds the rest. */
export function shortDeviceId(id: string): string {
  return id.length > 14 ? `${id.slice(0, 10)}…` : id;
}

/** 'Not seen for 9 days — longer than its offline allowance'; hours while under two days. */
export function staleText(lastSeenAt: string | null, now: number = Date.now()): string {
  if (!lastSeenAt) return 'Never seen — longer than its offline allowance';
  const gap = Math.max(0, now - Date.parse(lastSeenAt));
  const days = Math.floor(gap / DAY_MS);
  const span = days >= 2 ? `${days} days` : `${Math.floor(gap / HOUR_MS)} hours`;
  return `Not seen for ${span} — longer than its offline allowance`;
}

/** Its offline allowance as a person says it: '24 hours', '7 days'. */
export function allowanceText(hours: number): string {
  if (hours % 24 === 0 && hours >= 48) return `${hours / 24} days`;
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** Files and errors are counts: '1,234'. */
export const countText = (n: number): string => n.toLocaleString('en-US');
