import { MSG } from '@lbs/domain/messages';
import type { TUsageDaily, TUsageSummary } from '@lbs/domain/report-responses';
import type { ChartPoint } from '../../components/charts/chart-scale';
import { formatDateTime } from '../../lib/format-date';

/** The radio: successful usage events or error logs. */
export type EventMode = 'success' | 'error';

/** The table's page, remembered together with the mode and the period it belongs to. */
export interface EventsView {
  mode: EventMode;
  page: number;
  /** The period the page was chosen in (see rangeKey). */
  range: string;
}

/** A period as a value that changes exactly when the period does. */
export const rangeKey = (range: object | null): string => JSON.stringify(range);

export const initialEventsView = (range: string): EventsView => ({
  mode: 'success',
  page: 1,
  range,
});

/** Switching Success/Error starts at page 1 (spec §2). */
export const switchMode = (mode: EventMode, range: string): EventsView => ({
  mode,
  page: 1,
  range,
});

export const goToPage = (view: EventsView, page: number, range: string): EventsView => ({
  ...view,
  page,
  range,
});

/** The page to show: a page chosen in another period means nothing now, so a new period starts at 1. */
export const currentPage = (view: EventsView, range: string): number =>
  view.range === range ? view.page : 1;

/** The summary line, exactly as the spec writes it: 'Total Usage: n | Avg Time: x.xx s'. No answer (a failure, only logged) reads as none. */
export function summaryLine(summary: Pick<TUsageSummary, 'total_usage' | 'average_time'> | undefined): string {
  return MSG.usageSummary(summary?.total_usage ?? 0, summary?.average_time ?? 0);
}

/** One chart's points from the daily answer: files processed, or their average time in seconds. */
export function dailyPoints(
  daily: TUsageDaily | undefined,
  field: 'count' | 'average_time',
): ChartPoint[] {
  return (daily ?? []).map((day) => ({ date: day.date, value: day[field] }));
}

/** An event's time in the display time zone, to the second: '7 Mar 2025, 14:05:09'. */
export function formatEventTime(iso: string): string {
  return formatDateTime(iso, { seconds: true });
}

/** Processing time in the Time (s) column: '2.35'; '--' when the program did not say. */
export function formatSeconds(seconds: number | null): string {
  return seconds === null || !Number.isFinite(seconds) ? '--' : seconds.toFixed(2);
}

/** A field the program may leave out. */
export const orDash = (value: string | null): string => (value ? value : '--');

/** A device id as the table shows it: a UUID's first 8 characters are enough to tell devices apart. */
export function shortDevice(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}

/**
 * The error rate as a percentage to one decimal ('2.5%'); a rate under 0.1% but not 0 says so
 * ('<0.1%') rather than reading as none; a period without events has no rate: '—'.
 */
export function errorRateText(rate: number | null | undefined): string {
  if (rate === null || rate === undefined) return '—';
  const percent = rate * 100;
  if (percent > 0 && percent < 0.1) return '<0.1%';
  return `${Number(percent.toFixed(1))}%`;
}
