/**
 * Reports that compare (issue 22): each REPORT card set against the period of the same length
 * right before it. Today against yesterday up to the same time of day, yesterday against the day
 * before, the last 7 days against the 7 before, the last 30 against the 30 before, a custom range
 * against as many days ending the day before it starts; a period still running against the days
 * before it up to the same time of day, and its label says so (issue 37). Pure: the server turns the ranges into
 * SQL, the screen turns the change into an arrow and words.
 */
import {
  addDays,
  businessDayOf,
  instantAtWallClock,
  resolvePeriod,
  startOfBusinessDay,
  wallClockMsOfDay,
  type ReportPeriodInput,
} from './report-periods';

/** A half-open range of instants [start, end). */
export interface ReportRange {
  start: Date;
  end: Date;
}

export interface ComparedRanges {
  /** The period's days as far as they have happened: its end is now while the period runs. */
  current: ReportRange;
  /** The same number of days right before it, cut at the same time of day when the period runs. */
  previous: ReportRange;
  /** The previous period's first and last business day (YYYY-MM-DD). */
  previousDays: { first: string; last: string };
  /** Days in each period. */
  days: number;
  /**
   * Where a running period's previous range stops, by the business zone's wall clock: the day and
   * the time ('HH:MM'); null when it is whole days (a period that has ended).
   */
  previousCut: PreviousCut | null;
}

/** The business day and wall-clock time ('HH:MM') at which the previous range stops. */
export interface PreviousCut {
  day: string;
  time: string;
}

/**
 * The period and the one before it. A period that has not ended (today, the last 7 days) counts
 * up to now, and the period before it up to the same wall-clock time on the matching day (the
 * same time of day in `timeZone`, so an evening is never set against a whole day). A period that
 * starts after now is empty, and so is the one it is compared with.
 */
export function compareRanges(input: ReportPeriodInput, now: Date, timeZone: string): ComparedRanges {
  const { days, startUtc, endUtcExclusive } = resolvePeriod(input, now, timeZone);
  const count = days.length;
  const first = days[0]!;
  const previousFirst = addDays(first, -count);
  const previousStart = startOfBusinessDay(previousFirst, timeZone);
  const previousEndFull = startUtc;

  let currentEnd = endUtcExclusive;
  let previousEnd = previousEndFull;
  let previousCut: PreviousCut | null = null;
  if (now.getTime() < endUtcExclusive.getTime()) {
    if (now.getTime() <= startUtc.getTime()) {
      currentEnd = startUtc;
      previousEnd = previousStart;
    } else {
      currentEnd = now;
      // The same time of day, `count` days earlier: now's business day moved back, plus how far
      // into that day now is. Where a clock change falls between, the wall clock is what matches.
      const today = businessDayOf(now, timeZone);
      const sameTimeBefore = instantAtWallClock(addDays(today, -count), wallClockMsOfDay(now, timeZone), timeZone).getTime();
      previousEnd = new Date(Math.min(Math.max(sameTimeBefore, previousStart.getTime()), previousEndFull.getTime()));
      const minutes = Math.floor(wallClockMsOfDay(previousEnd, timeZone) / 60_000);
      const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      previousCut = { day: businessDayOf(previousEnd, timeZone), time: hhmm };
    }
  }
  return {
    current: { start: startUtc, end: currentEnd },
    previous: { start: previousStart, end: previousEnd },
    previousDays: { first: previousFirst, last: addDays(first, -1) },
    days: count,
    previousCut,
  };
}

export type ChangeDirection = 'up' | 'down' | 'flat';

export interface Change {
  direction: ChangeDirection;
  /**
   * Percent change from the previous figure, one decimal; null when the previous figure was 0 and
   * this one is not (no percentage of nothing: the screen says "new").
   */
  percent: number | null;
}

/**
 * How a figure changed from the previous period. Equal figures are flat (0 %, 0 against 0
 * included); from 0 to something is up with no percentage; otherwise the change over the previous
 * figure's size. The direction follows the figures, not the rounded percentage, so 10,001 against
 * 10,000 is up (+0.0 %), never flat.
 */
export function percentChange(current: number, previous: number): Change {
  if (current === previous) return { direction: 'flat', percent: 0 };
  const direction: ChangeDirection = current > previous ? 'up' : 'down';
  if (previous === 0) return { direction, percent: null };
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
  return { direction, percent: Object.is(percent, -0) ? 0 : percent };
}

const SHORT_DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** '2025-03-03' → '3 Mar'. */
const shortDay = (day: string) => SHORT_DAY.format(new Date(`${day}T00:00:00Z`));

/**
 * What the previous period is called on a card and in its screen-reader sentence, saying what the
 * server compares (issue 37): a period that has ended against whole days ("the 7 days before"); a
 * running one against the days before up to the same time of day, named with the cut the
 * comparison answered ("yesterday up to 12:05", "the 7 days before, up to 12:05 on 3 Mar"), or
 * "up to this time of day" while it has not answered.
 */
export function previousPeriodLabel(input: ReportPeriodInput, cut?: PreviousCut | null): string {
  const custom = Boolean(input.start_date && input.end_date);
  const name = input.period ?? 'last_7_days';
  const days = custom ? resolvePeriod(input, new Date(0)).days.length : name === 'last_7_days' ? 7 : name === 'last_1_month' ? 30 : 1;
  const whole = !custom && name === 'yesterday' ? 'the day before' : !custom && name === 'today' ? 'yesterday' : days === 1 ? 'the day before' : `the ${days} days before`;
  // A named running period is cut even before the answer comes; a custom range only when the answer says so.
  const running = cut !== undefined ? cut !== null : !custom && name !== 'yesterday';
  if (!running) return whole;
  const time = cut ? cut.time : 'this time of day';
  if (days === 1) return `${whole} up to ${time}`;
  return cut ? `${whole}, up to ${time} on ${shortDay(cut.day)}` : `${whole}, up to ${time}`;
}

/**
 * A change in words for the card: `figure` is what is printed ('+12.5%', '−3.0%', '0%', 'new'),
 * `spoken` the whole sentence for a screen reader, which does not see the arrow's shape or colour.
 */
export function describeChange(change: Change, previousLabel: string): { figure: string; spoken: string } {
  if (change.percent === null) {
    return { figure: 'new', spoken: `New: none in ${previousLabel}` };
  }
  const size = Math.abs(change.percent).toFixed(1);
  switch (change.direction) {
    case 'flat':
      return { figure: '0%', spoken: `No change from ${previousLabel}` };
    case 'up':
      return { figure: `+${size}%`, spoken: `Up ${size}% from ${previousLabel}` };
    case 'down':
      return { figure: `−${size}%`, spoken: `Down ${size}% from ${previousLabel}` };
  }
}

/** Renewals in time over licences that ended; null when none ended (no rate of nothing). */
export function renewalRate(renewedInTime: number, ended: number): number | null {
  if (ended <= 0) return null;
  return Math.round((renewedInTime / ended) * 1000) / 10;
}
