import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LICENSE_ADMIN_STATUSES, type LicenseAdminStatus } from '@lbs/domain/license-terms';
import { MSG } from '@lbs/domain/messages';
import { pageCount } from '@lbs/domain/paging';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { PlusIcon } from '../../../components/ui/icons';
import { FilterSelect, ListToolbar } from '../../../components/ui/list-toolbar';
import { Pager } from '../../../components/ui/pager';
import { SearchField } from '../../../components/ui/search-field';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useAllLicensesQuery, useTurnOffRenewalMutation, type AdminLicense } from '../api';
import { GenerateLicenseDialog } from '../components/generate-license-dialog';
import { LICENSE_STATUS, licenseColumns } from '../components/license-columns';
import { RevokeLicenseDialog } from '../components/revoke-license-dialog';
import { TurnOffRenewalDialog } from '../../../components/renewal/turn-off-renewal-dialog';

/** LICENSES (spec §2): every licence, searched and paged on the server, with generate, revoke and turning renewal off. */
export function LicensesPage() {
  const headingId = useId();
  // The search lives in the address (`?q=`), so ANALYTICS can link a device to its licence.
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const setParam = (key: 'q' | 'renewal', value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const setQ = (text: string) => setParam('q', text);
  const [status, setStatus] = useState<LicenseAdminStatus | ''>('');
  const [page, setPage] = useState(1);
  const [generating, setGenerating] = useState(false);
  const [revoking, setRevoking] = useState<AdminLicense | null>(null);
  const [stopping, setStopping] = useState<AdminLicense | null>(null);
  const [turnOff, turningOff] = useTurnOffRenewalMutation();
  // The renewal filter lives in the address too (`?renewal=in_grace`), so it can be bookmarked.
  const renewal = params.get('renewal') === 'in_grace' ? 'in_grace' : '';
  const { data, isLoading, isFetching, isError, refetch } = useAllLicensesQuery({ page, q, status, renewal });
  useErrorToast(isError, MSG.failedToLoadLicenses);

  return (
    <section aria-labelledby={headingId}>
      <ListToolbar
        headingId={headingId}
        title="Licenses"
        count={data ? `${data.total.toLocaleString('en-US')} ${data.total === 1 ? 'license' : 'licenses'}${q ? ` matching “${q}”` : ''}` : null}
        actions={
          <Button onClick={() => setGenerating(true)} className="px-4">
            <PlusIcon className="h-4 w-4" />
            Generate
          </Button>
        }
      >
        <SearchField
          label="Search licenses"
          placeholder="Email, license key or ID"
          className="w-full sm:max-w-sm"
          initial={q}
          onSearch={(text) => {
            setQ(text);
            setPage(1);
          }}
        />
        <FilterSelect
          label="Status"
          className="sm:w-44"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as LicenseAdminStatus | '');
            setPage(1);
          }}
        >
          <option value="">All</option>
          {LICENSE_ADMIN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {LICENSE_STATUS[s].label}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label="Renewal"
          className="sm:w-44"
          value={renewal}
          onChange={(e) => {
            setParam('renewal', e.target.value);
            setPage(1);
          }}
        >
          <option value="">All</option>
          <option value="in_grace">In grace</option>
        </FilterSelect>
      </ListToolbar>

      <div className={`mt-4 transition-opacity ${isFetching && !isLoading ? 'opacity-60' : ''}`} aria-busy={isFetching}>
        <DataTable
          caption="Licenses"
          columns={licenseColumns({ onRevoke: setRevoking, onTurnOffRenewal: setStopping })}
          rows={data?.items}
          rowKey={(l) => l._id}
          loading={isLoading}
          failed={isError && { onRetry: () => void refetch(), retrying: isFetching, message: MSG.failedToLoadLicenses }}
          empty="No licenses found."
          dense
        />
      </div>
      {data ? <Pager page={page} totalPages={pageCount(data.total, data.page_size)} onChange={setPage} label="Licenses pages" /> : null}

      <GenerateLicenseDialog open={generating} onClose={() => setGenerating(false)} />
      <RevokeLicenseDialog license={revoking} onClose={() => setRevoking(null)} />
      <TurnOffRenewalDialog license={stopping} onClose={() => setStopping(null)} turnOff={turnOff} isLoading={turningOff.isLoading} />
    </section>
  );
}
