import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { TAdminUserPage } from '@lbs/domain/admin-responses';
import { MSG } from '@lbs/domain/messages';
import { pageCount } from '@lbs/domain/paging';
import { CUSTOMER_ROLE } from '@lbs/domain/roles';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { EmailText } from '../../../components/ui/email-text';
import { DownloadIcon } from '../../../components/ui/icons';
import { FilterSelect, ListToolbar } from '../../../components/ui/list-toolbar';
import { Pager } from '../../../components/ui/pager';
import { SearchField } from '../../../components/ui/search-field';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format-date';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useAdminUsersQuery, type AdminUser } from '../api';
import { downloadUsersCsv } from '../export-users-csv';

const ROLES = [
  { value: CUSTOMER_ROLE, label: 'Customers', noun: (n: number) => (n === 1 ? 'customer' : 'customers') },
  { value: 'admin', label: 'Admins', noun: (n: number) => (n === 1 ? 'admin' : 'admins') },
] as const;

const orDash = (text: string) => text || '—';

const COLUMNS: ReadonlyArray<Column<AdminUser>> = [
  { key: 'id', header: 'ID', cell: (u) => u.id, className: 'w-16 tabular-nums text-slate-600' },
  // The address opens the customer's page (issue 21): a real link, so it is reachable by Tab and opens in a new tab too.
  {
    key: 'email',
    header: 'Email',
    card: 'title',
    cell: (u) => (
      <Link to={paths.accounts.admin.customer(u.id)} className="font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-900 hover:decoration-brand-700">
        <EmailText email={u.email} />
      </Link>
    ),
  },
  { key: 'first_name', header: 'First name', cell: (u) => orDash(u.first_name) },
  { key: 'last_name', header: 'Last name', cell: (u) => orDash(u.last_name) },
  { key: 'created_at', header: 'Created', cell: (u) => formatDate(u.created_at), className: 'whitespace-nowrap' },
  {
    key: 'verified',
    header: 'Verified',
    cell: (u) =>
      u.is_email_verified ? (
        <span className="inline-flex rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-700">Yes</span>
      ) : (
        <span className="inline-flex rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800">No</span>
      ),
  },
  { key: 'licenses', header: 'Licenses', cell: (u) => u.license_count, className: 'tabular-nums md:text-right' },
];

/**
 * "12 customers matching “ann”". A search that matched more accounts than the server counts (its
 * total is capped, issue 24) says "More than 1,000": the pager then ends at the cap's page.
 */
function countLine(data: Pick<TAdminUserPage, 'total' | 'total_capped'>, noun: (n: number) => string, q: string): string {
  const n = data.total.toLocaleString('en-US');
  return `${data.total_capped ? `More than ${n}` : n} ${noun(data.total)}${q ? ` matching “${q}”` : ''}`;
}

/** USERS (spec §2): accounts of one role, searched and paged on the server, and their CSV. */
export function UsersPage() {
  const headingId = useId();
  const [q, setQ] = useState('');
  const [role, setRole] = useState<string>(CUSTOMER_ROLE);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const { data, isLoading, isFetching, isError, refetch } = useAdminUsersQuery({ page, q, role });
  useErrorToast(isError, MSG.errorFetchingData);

  const noun = (ROLES.find((r) => r.value === role) ?? ROLES[0]).noun;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadUsersCsv({ q, role });
    } catch {
      toast.error(MSG.errorFetchingData);
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <ListToolbar
        headingId={headingId}
        title="Users"
        count={data ? countLine(data, noun, q) : null}
        actions={
          <Button variant="secondary" onClick={exportCsv} disabled={exporting} className="px-4">
            <DownloadIcon className="h-4 w-4" />
            {exporting ? 'Exporting…' : 'Export CSV'}
          </Button>
        }
      >
        <SearchField
          label="Search users"
          placeholder="Name or email"
          className="w-full sm:max-w-sm"
          onSearch={(text) => {
            setQ(text);
            setPage(1);
          }}
        />
        <FilterSelect
          label="Role"
          className="sm:w-44"
          value={role}
          onChange={(e) => {
            setRole(e.target.value);
            setPage(1);
          }}
        >
          {ROLES.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </FilterSelect>
      </ListToolbar>

      <div className={`mt-4 transition-opacity ${isFetching && !isLoading ? 'opacity-60' : ''}`} aria-busy={isFetching}>
        <DataTable
          caption="Users"
          columns={COLUMNS}
          rows={data?.items}
          rowKey={(u) => u.id}
          loading={isLoading}
          failed={isError && { onRetry: () => void refetch(), retrying: isFetching }}
          empty="No users found."
        />
      </div>
      {data ? <Pager page={page} totalPages={pageCount(data.total, data.page_size)} onChange={setPage} label="Users pages" /> : null}
    </section>
  );
}
