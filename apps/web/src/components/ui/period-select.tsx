import { useId, useState } from 'react';
import { DEFAULT_REPORT_PERIOD, customRangeProblem, type ReportPeriodName } from '@lbs/domain/report-periods';

const OPTIONS: ReadonlyArray<{ value: ReportPeriodName | 'custom'; label: string }> = [
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: 'last_7_days', label: 'Last 7 Days' },
  { value: 'last_1_month', label: 'Last 1 Month' },
  { value: 'custom', label: 'Custom Range' },
];

/** What a report or analytics call is asked for: a named period or an inclusive custom range. */
export type PeriodQuery = { period: ReportPeriodName } | { start_date: string; end_date: string };

/**
 * The report and analytics period select (spec §2). `query` is null while a custom range lacks
 * one of its dates (the spec loads a custom range only when both are given) or is refused by
 * the same rule the server applies; `problem` then says why.
 */
export function usePeriod(initial: ReportPeriodName = DEFAULT_REPORT_PERIOD) {
  const [choice, setChoice] = useState<ReportPeriodName | 'custom'>(initial);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const problem = choice === 'custom' && start && end ? customRangeProblem(start, end) : null;
  const query: PeriodQuery | null =
    choice !== 'custom' ? { period: choice } : start && end && !problem ? { start_date: start, end_date: end } : null;
  return { choice, setChoice, start, setStart, end, setEnd, query, problem };
}

export function PeriodSelect({ state, label = 'Period' }: { state: ReturnType<typeof usePeriod>; label?: string }) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={`${id}-period`} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={`${id}-period`}
        value={state.choice}
        onChange={(e) => state.setChoice(e.target.value as ReportPeriodName | 'custom')}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
      >
        {OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {state.choice === 'custom' ? (
        <span className="flex flex-wrap items-center gap-2">
          <input
            type="date"
            aria-label="Start date"
            value={state.start}
            max={state.end || undefined}
            onChange={(e) => state.setStart(e.target.value)}
            className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
          <span className="text-sm text-slate-600">to</span>
          <input
            type="date"
            aria-label="End date"
            value={state.end}
            min={state.start || undefined}
            onChange={(e) => state.setEnd(e.target.value)}
            className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
        </span>
      ) : null}
      {state.problem ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {state.problem}
        </p>
      ) : null}
    </div>
  );
}
