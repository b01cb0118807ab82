import type { ReactNode } from 'react';
import { formatUsd } from '@lbs/domain/money';
import type { TReportRenewals } from '@lbs/domain/report-responses';
import { formatDate } from '../../../lib/format-date';

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function Figure({ term, name, value, detail }: { term: string; name: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-2">
      <dt className="text-xs text-slate-600">{term}</dt>
      <dd className="text-lg font-semibold text-ink tabular-nums" data-figure={name}>
        {value}
      </dd>
      {detail ? <dd className="text-xs text-slate-700 tabular-nums">{detail}</dd> : null}
    </div>
  );
}

/**
 * REPORT's recurring renewals (issue 39): the period's renewals paid, automatic apart from manual,
 * those that failed for good (grace ended unpaid) and those recovered (paid after a failed charge),
 * and the recurring income due in the next 30 days from licences that renew. Counted in business
 * days like the other cards; a dash when it could not load (REPORT only logs failures, spec §8).
 */
export function RenewalFigures({ renewals, loading, failed }: { renewals: TReportRenewals | undefined; loading: boolean; failed: boolean }) {
  return (
    <section aria-labelledby="report-recurring" className="flex min-w-0 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div>
        <h3 id="report-recurring" className="text-base font-semibold text-ink">
          Recurring renewals
        </h3>
        <p className="mt-1 text-xs text-slate-600">
          Renewals paid in the period, automatic (charged to a saved card) and manual (renewed from the cart); renewals that failed for good (grace ended unpaid)
          and those recovered (paid after a failed charge); and what licences that renew automatically will be charged in the next 30 days.
        </p>
      </div>
      {renewals && !failed ? (
        <dl data-testid="renewal-figures" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
          <Figure term="Automatic renewals" name="automatic" value={COUNT.format(renewals.automatic.count)} detail={formatUsd(renewals.automatic.income)} />
          <Figure term="Manual renewals" name="manual" value={COUNT.format(renewals.manual.count)} detail={formatUsd(renewals.manual.income)} />
          <Figure term="Failed (grace ended unpaid)" name="failed" value={COUNT.format(renewals.failed)} />
          <Figure term="Recovered after a failure" name="recovered" value={COUNT.format(renewals.recovered.count)} detail={formatUsd(renewals.recovered.income)} />
          <Figure
            term="Due in the next 30 days"
            name="upcoming"
            value={formatUsd(renewals.upcoming.income)}
            detail={`${COUNT.format(renewals.upcoming.count)} ${renewals.upcoming.count === 1 ? 'license' : 'licenses'}, until ${formatDate(renewals.upcoming.until)}`}
          />
        </dl>
      ) : (
        <p role="status" className="text-sm text-slate-600">
          {loading ? 'Loading...' : '–'}
        </p>
      )}
    </section>
  );
}
