import { formatUsd } from '@lbs/domain/money';

/**
 * The back office charts' axes (spec §9: at most 10 x ticks, whole-number y ticks), kept apart
 * from the chart component so they are tested without drawing anything and without recharts.
 */

/** One day of a series. */
export interface ChartPoint {
  date: string;
  value: number;
}

/** The spec's limit on x-axis ticks. */
export const MAX_X_TICKS = 10;

/**
 * The x ticks for one entry per day: every day when they fit, else every n-th day from the first,
 * n the smallest step that keeps the count within `max`. Always includes the first day.
 */
export function pickXTicks<T>(values: readonly T[], max: number = MAX_X_TICKS): T[] {
  const limit = Math.max(1, Math.floor(max));
  if (values.length <= limit) return [...values];
  const step = Math.ceil(values.length / limit);
  return values.filter((_, i) => i % step === 0);
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A business day as a UTC midnight Date, or null when it is not YYYY-MM-DD. */
function dayAsUtc(day: string): Date | null {
  const m = DAY_PATTERN.exec(day);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

/** The x-axis label of a business day: its day of the month ('2025-03-07' → '7'). */
export function dayOfMonth(day: string): string {
  const m = DAY_PATTERN.exec(day);
  return m ? String(Number(m[3])) : day;
}

// Days are calendar days of the server's business zone: formatted in UTC so the browser's own
// zone cannot move them to the day before.
const LONG_DAY = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Fri, 7 Mar 2025': the tooltip and the accessible table. */
export function longDay(day: string): string {
  const d = dayAsUtc(day);
  return d ? LONG_DAY.format(d) : day;
}

/**
 * Round y ticks from 0 to at least `max`: a step of 1, 2, 2.5 or 5 times a power of ten, chosen
 * so there are at most `maxTicks` ticks. With `integer`, steps are whole numbers (never 2.5 or
 * 0.5), so a count axis never shows 0.5 users. An all-zero series still gets an axis (0 and 1).
 */
export function niceYTicks(
  max: number,
  { integer = true, maxTicks = 6 }: { integer?: boolean; maxTicks?: number } = {},
): number[] {
  const top = Number.isFinite(max) && max > 0 ? max : 0;
  if (top === 0) return [0, 1];
  const intervals = Math.max(1, Math.floor(maxTicks) - 1);
  // A count step is at least 1, so a count axis under 1 is still 0 and 1.
  const rough = integer ? Math.max(1, top / intervals) : top / intervals;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const multiple = [1, 2, 2.5, 5, 10].find(
    (m) => (!integer || Number.isInteger(m * magnitude)) && m * magnitude >= rough,
  );
  // Values near the smallest double leave no room for a round step: then the rough one does.
  const step = multiple && magnitude > 0 ? multiple * magnitude : rough;
  const count = Math.max(1, Math.ceil(top / step - 1e-9));
  // Multiplying (not adding) keeps float noise out of decimal steps: 3 × 0.2, not 0.2 + 0.2 + 0.2.
  return Array.from({ length: count + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}

// Two decimals, so a tick at 1,250 reads 1.25K, never a rounded 1.3K.
const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });

/** A y tick: '1.5K' for thousands, else the number as it is ('2.5', '40'). */
function formatTick(value: number): string {
  return Math.abs(value) >= 1000 ? COMPACT.format(value) : String(value);
}

/** A money y tick: '$40', '$2.50', '$1.5K'. */
export function formatUsdTick(value: number): string {
  if (Math.abs(value) >= 1000) return `$${COMPACT.format(value)}`;
  return `$${Number.isInteger(value) ? value : value.toFixed(2)}`;
}

/** What a series counts: whole things, US dollars, or seconds. */
export type ChartValueKind = 'count' | 'usd' | 'seconds';

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A value as the tooltip and the accessible table say it: '1,204', '$1,500.00', '2.35 s'. */
export function formatChartValue(kind: ChartValueKind, value: number): string {
  if (kind === 'usd') return formatUsd(value);
  if (kind === 'seconds') return `${value.toFixed(2)} s`;
  return COUNT.format(value);
}

/**
 * The y ticks of a series of this kind: whole numbers for counts (spec §9), round decimals
 * otherwise. From 0 up; a series that goes below 0 (income net of refunds, on a day when more went
 * back than was paid) gets round ticks below 0 too, with the same step, 0 always among them.
 */
export function yTicksFor(kind: ChartValueKind, values: readonly number[]): number[] {
  const integer = kind === 'count';
  const finite = values.filter(Number.isFinite);
  const low = Math.min(0, ...finite);
  const high = Math.max(0, ...finite);
  if (low >= 0) return niceYTicks(high, { integer });
  const span = niceYTicks(high - low, { integer });
  const step = span[1]! - span[0]!;
  const first = Math.floor(low / step + 1e-9);
  const last = Math.max(Math.ceil(high / step - 1e-9), 0);
  return Array.from({ length: last - first + 1 }, (_, i) => Number(((first + i) * step).toPrecision(12)) || 0);
}

/** A y tick of a series of this kind. */
export function formatYTick(kind: ChartValueKind, value: number): string {
  return kind === 'usd' ? formatUsdTick(value) : formatTick(value);
}
