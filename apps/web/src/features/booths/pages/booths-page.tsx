import { useId, useState } from 'react';
import { Link } from 'react-router';
import { BOOTH_USAGE_WINDOW_DAYS } from '@lbs/domain/booths';
import { MSG } from '@lbs/domain/messages';
import { pageCount } from '@lbs/domain/paging';
import { ButtonLink } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { BoothsIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Pager } from '../../../components/ui/pager';
import { paths } from '../../../config/paths';
import { useBoothsQuery, type Booth } from '../api';
import { boothColumns } from '../components/booth-columns';
import { RenameBoothDialog } from '../components/rename-booth-dialog';

/**
 * Booths (issue 20): every device across the customer's licence keys, paged on the server, with
 * when each was last seen, how long it works offline and what it did in the last week.
 */
export function BoothsPage() {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const [renaming, setRenaming] = useState<Booth | null>(null);
  const { data, isLoading, isFetching, isError, refetch, fulfilledTimeStamp } = useBoothsQuery({ page });
  // "3 hours ago" counts from when the list came, the moment the server judged it stale too.
  const now = fulfilledTimeStamp ?? 0;

  let body: React.ReactNode;
  // A failed load says so, never "no booths" (the customer would think their booths are gone).
  if (isError) body = <LoadFailed onRetry={() => void refetch()} busy={isFetching} />;
  else if (!isLoading && data && data.total === 0) body = <NoBooths />;
  else
    body = (
      <>
        <div className={`transition-opacity ${isFetching && !isLoading ? 'opacity-60' : ''}`} aria-busy={isFetching}>
          <DataTable caption="Booths" columns={boothColumns(setRenaming, now)} rows={data?.items} rowKey={(b) => b.device_id} loading={isLoading} empty={MSG.noBoothsYet} />
        </div>
        {data ? <Pager page={page} totalPages={pageCount(data.total, data.page_size)} onChange={setPage} label="Booths pages" /> : null}
      </>
    );

  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-6xl">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 id={headingId} className="text-2xl font-bold text-ink sm:text-3xl">
            Booths
          </h1>
          <p className="mt-2 max-w-2xl text-slate-600">
            Every booth running LentiBooth with one of your license keys: when it was last seen, how long it keeps working offline, and the files
            and errors of the last {BOOTH_USAGE_WINDOW_DAYS} days.
          </p>
          {data && data.total > 0 ? <p className="mt-1 text-sm font-medium text-slate-700">{`${data.total.toLocaleString('en-US')} ${data.total === 1 ? 'booth' : 'booths'}`}</p> : null}
        </div>
        <ButtonLink to={paths.accounts.boothsOffline} variant="secondary" className="shrink-0">
          Activate a booth offline
        </ButtonLink>
      </header>
      <div className="mt-6">{body}</div>
      <RenameBoothDialog booth={renaming} onClose={() => setRenaming(null)} />
    </section>
  );
}

function NoBooths() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center">
      <BoothsIcon className="h-10 w-10 text-brand-500" aria-hidden />
      <p className="font-semibold text-ink">{MSG.noBoothsYet}</p>
      <p className="max-w-md text-slate-600">
        A booth shows here once the LentiBooth program on it is activated with one of your license keys: enter a key from your{' '}
        <Link to={paths.accounts.overview} className="font-medium text-brand-700 underline">
          Overview
        </Link>{' '}
        in the program, or activate it offline at a venue without internet.
      </p>
    </div>
  );
}
