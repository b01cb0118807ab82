import { useState } from 'react';
import { MSG } from '@lbs/domain/messages';
import { pageCount } from '@lbs/domain/paging';
import { ButtonLink } from '../../../components/ui/button';
import { KeyIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Pager } from '../../../components/ui/pager';
import { paths } from '../../../config/paths';
import { useLicensesQuery, type License, type LicenseMode } from '../api';
import { LicenseTable } from '../components/license-table';
import { ResetDeviceDialog } from '../components/reset-device-dialog';
import { TurnOnRenewalDialog } from '../components/turn-on-renewal-dialog';
import { useRenew } from '../hooks/use-renew';
import { useRenewalActions } from '../hooks/use-renewal-actions';

/** The software's name in the overview heading. */
const PRODUCT_NAME = 'LentiBooth';

const TABS: Array<{ mode: LicenseMode; label: string }> = [
  { mode: 'CURRENT', label: 'Current' },
  { mode: 'PAST', label: 'Past' },
];

/**
 * The non-admin overview: the caller's licences, current or past. Admins see the same page
 * until the admin back office (a later issue) takes over /accounts/overview for them.
 */
export function OverviewPage() {
  const [mode, setMode] = useState<LicenseMode>('CURRENT');
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, isFetching, refetch } = useLicensesQuery({ mode, page });
  const [resetTarget, setResetTarget] = useState<License | null>(null);
  const renew = useRenew();
  const renewal = useRenewalActions();

  const choose = (m: LicenseMode) => {
    setMode(m);
    setPage(1);
  };

  return (
    <div className="mx-auto max-w-6xl">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-ink sm:text-3xl">{MSG.getStartedWith(PRODUCT_NAME)}</h1>
          <p className="mt-2 max-w-2xl text-slate-600">
            View and manage your subscriptions: licence keys, the device each one runs on, and when it ends.
          </p>
        </div>
        <ButtonLink to={paths.accounts.plans} className="shrink-0">
          {MSG.addSubscription}
        </ButtonLink>
      </header>

      <section className="mt-10" aria-labelledby="subscriptions-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="subscriptions-heading" className="text-xl font-semibold text-ink">
            {MSG.yourSubscriptions}
          </h2>
          <div role="tablist" aria-label="Subscriptions" className="inline-flex rounded-lg bg-slate-100 p-1">
            {TABS.map((t) => (
              <button
                key={t.mode}
                type="button"
                role="tab"
                aria-selected={mode === t.mode}
                aria-controls="subscriptions-panel"
                className={`rounded-md px-4 py-1.5 text-sm font-semibold ${
                  mode === t.mode ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-600 hover:text-ink'
                }`}
                onClick={() => choose(t.mode)}
              >
                {t.label}
              </button>
            ))}
          </div>
        </div>

        <div id="subscriptions-panel" role="tabpanel" className="mt-4">
          {isLoading ? (
            <p role="status" className="py-10 text-center text-slate-500">
              {MSG.loading}
            </p>
          ) : isError ? (
            <LoadFailed onRetry={() => void refetch()} busy={isFetching} />
          ) : !data?.items.length ? (
            <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center">
              <KeyIcon className="h-10 w-10 text-brand-500" />
              <p className="text-slate-600">
                {mode === 'CURRENT' ? 'You have no active subscription yet.' : 'No past subscriptions.'}
              </p>
              <ButtonLink to={paths.accounts.plans}>{MSG.subscribeNow}</ButtonLink>
            </div>
          ) : (
            <>
              <LicenseTable rows={data.items} mode={mode} onReset={setResetTarget} onRenew={renew} renewal={renewal} />
              <Pager page={page} totalPages={pageCount(data.total, data.page_size)} onChange={setPage} label="Subscriptions pages" />
            </>
          )}
        </div>
      </section>

      <ResetDeviceDialog license={resetTarget} onClose={() => setResetTarget(null)} />
      <TurnOnRenewalDialog license={renewal.turnOnTarget} onClose={renewal.closeTurnOn} />
    </div>
  );
}
