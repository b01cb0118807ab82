import { Fragment, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { findPlanByLicenseType } from '@lbs/domain/catalogue';
import { MSG } from '@lbs/domain/messages';
import { DEVICE_RESET_WINDOW_DAYS, DEVICE_RESETS_PER_WINDOW, LICENSE_TYPE_LABELS, isRenewableLicenseType, truncateKey } from '@lbs/domain/license-terms';
import { pageCount } from '@lbs/domain/paging';
import { ButtonLink } from '../../../components/ui/button';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Pager } from '../../../components/ui/pager';
import { paths } from '../../../config/paths';
import { toApiError } from '../../../lib/api-error';
import { useAppDispatch } from '../../../lib/store-hooks';
import { cartActions } from '../../cart/cart-slice';
import { useLicensesQuery, useResetDeviceMutation, type License, type LicenseMode } from '../api';
import { CopyButton } from '../../../components/ui/copy-button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { KeyIcon } from '../../../components/ui/icons';
import { licenseDurationText, licenseEndText, licenseStartText, licenseStatusBadge, licenseStatusBadgeOf } from '../../../lib/license-display';

/** The software's name in the overview heading. */
const PRODUCT_NAME = 'LentiBooth';

const TABS: Array<{ mode: LicenseMode; label: string }> = [
  { mode: 'CURRENT', label: 'Current' },
  { mode: 'PAST', label: 'Past' },
];

/** What a licence shows in the table's first columns and in its small-screen card. */
const DETAILS: ReadonlyArray<{ label: string; value: (l: License) => string; cell: string; card?: string }> = [
  // Several keys are told apart by their plan first, then by their dates.
  { label: 'Plan', value: (l) => LICENSE_TYPE_LABELS[l.type], cell: 'whitespace-nowrap font-medium text-ink' },
  { label: 'Device ID', value: (l) => l.device_number || MSG.unknownDevice, cell: 'font-mono text-xs text-slate-700', card: 'truncate font-mono text-xs leading-5' },
  // An unused Daily pass: 'Starts on first activation' and 'Activate by <date>' (license-display).
  // A date stays on one line; the pass's longer words may wrap, so the Status column stays in view.
  { label: 'Start Date', value: licenseStartText, cell: 'min-w-[7.5rem]' },
  { label: 'End Date', value: (l) => licenseEndText(l), cell: 'min-w-[7.5rem]' },
  { label: 'Duration', value: licenseDurationText, cell: 'whitespace-nowrap' },
];

const COLUMNS = [...DETAILS.map((d) => d.label), 'License Key', 'Status'];

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
              <LicenseTable rows={data.items} mode={mode} onReset={setResetTarget} onRenew={renew} />
              <Pager page={page} totalPages={pageCount(data.total, data.page_size)} onChange={setPage} label="Subscriptions pages" />
            </>
          )}
        </div>
      </section>

      <ResetDeviceDialog license={resetTarget} onClose={() => setResetTarget(null)} />
    </div>
  );
}

/** A revoked key, the setup kit's key and admin custom keys have no plan to renew with. */
const canRenew = (l: License) => !l.revoked && isRenewableLicenseType(l.type);

/**
 * Renew: the licence's own plan goes in the cart as a renewal of that licence, and the customer
 * lands on the cart to pay for it (the server extends the same key once the payment is in).
 */
function useRenew() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (l: License) => {
    const plan = findPlanByLicenseType(l.type);
    if (!plan || !canRenew(l)) return;
    dispatch(cartActions.addRenewal({ productId: plan.id, license: { id: l._id, key: l.license_key } }));
    toast.success(MSG.productAddedToCart);
    navigate(paths.shipping);
  };
}

type RowActions = { mode: LicenseMode; onReset: (l: License) => void; onRenew: (l: License) => void };

/**
 * A current licence's badge says what it is now (active, suspended, an unused pass, starting on a
 * date); every past one reads Expired, as the spec's Past tab does, except a revoked
 * one (refunded, cancelled or taken back), which reads Revoked.
 */
function StatusOf({ license, mode }: { license: License; mode: LicenseMode }) {
  if (mode === 'PAST') {
    // A key taken back (a refund, a cancel, the admin) says so: it did not simply run out.
    if (license.revoked) {
      const revoked = licenseStatusBadgeOf('revoked');
      return <StatusBadge text={revoked.label} tone={revoked.tone} />;
    }
    return <StatusBadge text={MSG.licenseStatusExpired} tone="bg-slate-100 text-slate-600" />;
  }
  const badge = licenseStatusBadge(license);
  return <StatusBadge text={badge.label} tone={badge.tone} />;
}

function LicenseTable({ rows, mode, onReset, onRenew }: { rows: License[] } & RowActions) {
  return (
    <>
      {/* Wide screens: a table. Cells keep 0.75rem each side so nine columns (an unused pass's
          'Not started', a bound key's 'Reset device') fit the account panel at 1440 px unscrolled. */}
      <div className="relative hidden overflow-x-auto rounded-xl border border-slate-200 md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className="px-3 py-3 font-semibold">
                  {c}
                </th>
              ))}
              <th scope="col" className="px-3 py-3 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((l) => (
              <tr key={l._id} className="align-middle">
                {DETAILS.map((d) => (
                  <td key={d.label} className={`px-3 py-3 ${d.cell}`}>
                    {d.value(l)}
                  </td>
                ))}
                <td className="px-3 py-3">
                  <KeyCell license={l} />
                </td>
                <td className="px-3 py-3">
                  <StatusOf license={l} mode={mode} />
                </td>
                <td className="px-3 py-3 text-right">
                  <RowButtons license={l} mode={mode} onReset={onReset} onRenew={onRenew} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {/* Small screens: one card per licence, the same fields labelled. */}
      <ul className="flex flex-col gap-3 md:hidden">
        {rows.map((l) => (
          <li key={l._id} className="rounded-xl border border-slate-200 p-4">
            <div className="flex items-center justify-between gap-2">
              <KeyCell license={l} />
              <StatusOf license={l} mode={mode} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {DETAILS.map((d) => (
                <Fragment key={d.label}>
                  <dt className="text-slate-500">{d.label}</dt>
                  <dd className={d.card}>{d.value(l)}</dd>
                </Fragment>
              ))}
            </dl>
            {canRenew(l) || (mode === 'CURRENT' && l.device_number) ? (
              <div className="mt-3 border-t border-slate-100 pt-3">
                <RowButtons license={l} mode={mode} onReset={onReset} onRenew={onRenew} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

function KeyCell({ license }: { license: License }) {
  return (
    <span className="inline-flex items-center gap-1">
      <code className="whitespace-nowrap rounded bg-slate-100 px-2 py-1 font-mono text-xs text-ink" title={license.license_key}>
        {truncateKey(license.license_key)}
      </code>
      <CopyButton value={license.license_key} label={MSG.copyKey} />
    </span>
  );
}

function StatusBadge({ text, tone }: { text: string; tone: string }) {
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>
      {text}
    </span>
  );
}

function RowButtons({ license, mode, onReset, onRenew }: { license: License } & RowActions) {
  return (
    <span className="inline-flex items-center justify-end gap-2 whitespace-nowrap max-md:w-full max-md:justify-between md:flex-col md:items-end md:gap-1">
      {mode === 'CURRENT' ? <ResetButton license={license} onReset={onReset} /> : null}
      {canRenew(license) ? (
        <button
          type="button"
          className="inline-flex items-center gap-1.5 rounded-md border border-brand-600 bg-white px-3 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 max-md:ml-auto max-md:px-4 max-md:py-2 max-md:text-sm"
          aria-label={MSG.renewLicense(truncateKey(license.license_key))}
          onClick={() => onRenew(license)}
        >
          {MSG.renew}
        </button>
      ) : null}
    </span>
  );
}

function ResetButton({ license, onReset }: { license: License; onReset: (l: License) => void }) {
  if (!license.device_number) return null;
  const left = license.device_resets_left ?? 0;
  return (
    <button
      type="button"
      className="rounded-md px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
      disabled={left <= 0}
      title={left <= 0 ? MSG.deviceResetLimit : undefined}
      onClick={() => onReset(license)}
    >
      {MSG.resetDevice}
    </button>
  );
}

function ResetDeviceDialog({ license, onClose }: { license: License | null; onClose: () => void }) {
  const [reset, { isLoading }] = useResetDeviceMutation();
  return (
    <ConfirmDialog
      open={license !== null}
      title={MSG.resetDevice}
      confirmLabel={MSG.resetDevice}
      busy={isLoading}
      onCancel={onClose}
      onConfirm={async () => {
        if (!license) return;
        try {
          await reset(license._id).unwrap();
          toast.success(MSG.deviceResetDone);
          onClose();
        } catch (e) {
          toast.error(toApiError(e).message);
        }
      }}
    >
      {license ? (
        <>
          <p>
            Unbind <span className="font-mono font-semibold">{license.device_number}</span> from the key{' '}
            <span className="font-mono">{truncateKey(license.license_key)}</span>? You can then activate the key on another PC.
          </p>
          <p className="text-slate-500">
            Resets left in the last {DEVICE_RESET_WINDOW_DAYS} days: {license.device_resets_left ?? 0} of {DEVICE_RESETS_PER_WINDOW}.
          </p>
        </>
      ) : null}
    </ConfirmDialog>
  );
}
