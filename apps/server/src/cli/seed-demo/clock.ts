import type { Rng } from './rng';

// Time in the demo shop: milliseconds since the epoch, days counted from Singapore midnight, the
// shop's business day.

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const YEAR = 365 * DAY;
export const SGT_OFFSET = 8 * HOUR;

export const iso = (ms: number) => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/** The Singapore midnight that starts the day `t` falls on. */
export const sgtMidnightOf = (t: number) => Math.floor((t + SGT_OFFSET) / DAY) * DAY - SGT_OFFSET;

/**
 * A time on the Singapore day starting at `sgtDayStart`, at an hour drawn from a wall-clock
 * profile of a place `hoursAheadOfSgt` ahead of Singapore (Jakarta: -1).
 */
export function timeOnDay(rng: Rng, sgtDayStart: number, hoursAheadOfSgt: number, hourWeights: Float64Array): number {
  const hour = rng.weighted(hourWeights);
  return sgtDayStart - hoursAheadOfSgt * HOUR + hour * HOUR + Math.floor(rng.next() * HOUR);
}

export const dayOfWeekSgt = (t: number) => new Date(t + SGT_OFFSET).getUTCDay();
