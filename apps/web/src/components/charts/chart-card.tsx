import { lazy, Suspense, useId, type ReactNode } from 'react';
import { MSG } from '@lbs/domain/messages';
import { formatChartValue, longDay, type ChartPoint, type ChartValueKind } from './chart-scale';
import type { SecondLine } from './line-plot';

// recharts is big: it loads when the first chart is drawn, never with the pages around it.
const LinePlot = lazy(() => import('./line-plot').then((m) => ({ default: m.LinePlot })));

/** The plot area's height, the same while loading, empty or drawn, so nothing jumps. */
const PLOT_BOX = 'h-56 sm:h-64';

/**
 * One back-office line chart: a heading, an optional headline figure, the plot, and for screen
 * readers the same figures as a table (the SVG itself is hidden from them). An empty series
 * (no data, or a failed call, which the spec only logs) shows the empty state in the same box.
 */
export function ChartCard({
  title,
  points,
  kind,
  yLabel,
  headline,
  note,
  headingLevel = 3,
  second,
}: {
  title: string;
  points: readonly ChartPoint[];
  kind: ChartValueKind;
  yLabel?: string;
  /** A short figure beside the heading ('42 this period'). */
  headline?: ReactNode;
  /** A small caption under the heading: what a point means, where that is not obvious. */
  note?: ReactNode;
  headingLevel?: 2 | 3;
  /** A second series on the same days and axis, dashed, with a legend and its own table column. */
  second?: SecondLine;
}) {
  const seconds = second ? new Map(second.points.map((p) => [p.date, p.value])) : undefined;
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <Heading id={id} className="text-base font-semibold text-ink">
          {title}
        </Heading>
        {headline ? <p className="text-sm text-slate-500">{headline}</p> : null}
      </div>
      {note ? <p className="mt-1 text-xs text-slate-500">{note}</p> : null}
      {points.length ? (
        <>
          {second ? (
            // The legend: which line is which, by the stroke (solid, dashed) as well as the colour.
            <ul aria-hidden="true" data-testid="chart-legend" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
              <li className="inline-flex items-center gap-1.5">
                <span className="inline-block w-5 border-t-[2.5px] border-brand-600" />
                {title}
              </li>
              <li className="inline-flex items-center gap-1.5">
                <span className="inline-block w-5 border-t-2 border-dashed border-rose-700" />
                {second.name}
              </li>
            </ul>
          ) : null}
          <div className={`mt-3 ${PLOT_BOX}`} aria-hidden="true" data-testid="chart-plot">
            <Suspense fallback={<div className="h-full animate-pulse rounded-xl bg-slate-100" />}>
              <LinePlot name={title} points={points} kind={kind} yLabel={yLabel} second={second} />
            </Suspense>
          </div>
          {/* A table cannot be shrunk to 1px itself (it grows to its content and would widen the
              page): the visually hidden box is a div around it. */}
          <div className="sr-only">
            <table>
              <caption>
                {title} per day, {longDay(points[0]!.date)} to{' '}
                {longDay(points[points.length - 1]!.date)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{MSG.chartDayAxis}</th>
                  <th scope="col">{yLabel ?? title}</th>
                  {second ? <th scope="col">{second.name}</th> : null}
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.date}>
                    <th scope="row">{longDay(p.date)}</th>
                    <td>{formatChartValue(kind, p.value)}</td>
                    {seconds ? <td>{formatChartValue(kind, seconds.get(p.date) ?? 0)}</td> : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p
          className={`mt-3 flex items-center justify-center rounded-xl border border-dashed border-slate-200 text-sm text-slate-500 ${PLOT_BOX}`}
        >
          {MSG.noDataAvailableTable}
        </p>
      )}
    </section>
  );
}

/** The spec's 'Loading charts...', in the room the charts will take. */
export function ChartsLoading({ className = '' }: { className?: string }) {
  return (
    <p
      role="status"
      className={`flex min-h-64 items-center justify-center gap-3 rounded-2xl border border-slate-200 bg-white text-slate-500 ${className}`}
    >
      <span
        className="h-5 w-5 animate-spin rounded-full border-[3px] border-brand-100 border-t-brand-600"
        aria-hidden
      />
      {MSG.loadingCharts}
    </p>
  );
}
