import { useState } from 'react';
import { auditActionLabel } from '@lbs/domain/admin-writes';
import { pageCount } from '@lbs/domain/paging';
import type { TAuditEntry } from '@lbs/domain/admin-responses';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { EmailAddress } from '../../../components/ui/email-address';
import { ListToolbar } from '../../../components/ui/list-toolbar';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Pager } from '../../../components/ui/pager';
import { formatDateTime } from '../../../lib/format-date';
import { useAdminAuditQuery } from '../api';
import { auditChanges, auditTarget, type AuditChange } from '../describe-audit';

/** Changes shown at once; the rest open on demand, so one big creation does not fill the screen. */
const SHOWN_CHANGES = 3;

const columns: Column<TAuditEntry>[] = [
  {
    key: 'time',
    header: 'Time',
    className: 'whitespace-nowrap align-top',
    cell: (e) => (
      <time dateTime={e.created_at} className="block text-slate-700">
        {formatDateTime(e.created_at)}
      </time>
    ),
  },
  {
    // What was done to what: the action in words (its code as the tooltip and for search), and the target.
    key: 'action',
    header: 'Action and target',
    className: 'min-w-48 align-top',
    card: 'title',
    cell: (e) => {
      const target = auditTarget(e.target_type, e.target_id, e.label);
      return (
        <span className="block">
          <span className="block font-semibold text-ink" title={e.action} data-action={e.action}>
            {auditActionLabel(e.action)}
          </span>
          <span className="mt-0.5 block text-sm font-normal text-slate-600 [overflow-wrap:anywhere]" title={target.full}>
            {target.text}
          </span>
        </span>
      );
    },
  },
  {
    key: 'actor',
    header: 'Admin and address',
    cardLabel: 'Admin',
    className: 'min-w-52 align-top',
    cell: (e) => (
      <span className="block">
        <span className="block text-slate-700 [overflow-wrap:anywhere]">
          <EmailAddress address={e.actor_email} />
        </span>
        <span className="mt-0.5 block font-mono text-xs text-slate-500">
          <span className="sr-only">from </span>
          {e.ip ?? 'address not known'}
        </span>
      </span>
    ),
  },
  { key: 'changes', header: 'Changes', className: 'min-w-56 align-top', cell: (e) => <Changes changes={auditChanges(e.before, e.after)} /> },
];

/**
 * The back office's ACTIVITY: the audit log of every admin write (who, what, on what, the fields
 * it changed, from where), newest first, paged on the server. Read-only: the log is never edited.
 */
export function ActivityPage() {
  const [page, setPage] = useState(1);
  // Always fresh when opened: the admin has usually just done something elsewhere.
  const { data, isLoading, isError, refetch, isFetching } = useAdminAuditQuery({ page }, { refetchOnMountOrArgChange: true });
  return (
    <section aria-labelledby="admin-activity-heading">
      <ListToolbar
        headingId="admin-activity-heading"
        title="Activity"
        description={
          <>
            Every change an admin made in the back office, newest first
            {data && data.total > 0 ? ` · ${data.total.toLocaleString('en-US')} in all` : ''}.
          </>
        }
      />
      <div className="mt-4">
        {isError ? (
          <LoadFailed onRetry={() => void refetch()} busy={isFetching} />
        ) : (
          <>
            <DataTable
              caption="Admin activity, newest first"
              columns={columns}
              rows={data?.items}
              rowKey={(e) => e.id}
              loading={isLoading}
              empty="No admin activity yet. Generating or revoking a license, updating an order, managing coupons and marking notifications read are recorded here."
            />
            {data ? <Pager page={page} totalPages={pageCount(data.total, data.page_size)} onChange={setPage} label="Activity pages" /> : null}
          </>
        )}
      </div>
    </section>
  );
}

function Changes({ changes }: { changes: AuditChange[] }) {
  if (!changes.length) return <span className="text-slate-500">—</span>;
  const shown = changes.slice(0, SHOWN_CHANGES);
  const rest = changes.slice(SHOWN_CHANGES);
  return (
    <div className="text-xs leading-5">
      <ChangeList changes={shown} />
      {rest.length ? (
        <details className="group">
          <summary className="cursor-pointer font-semibold text-brand-700 hover:underline">
            <span className="group-open:hidden">{`Show ${rest.length} more`}</span>
            <span className="hidden group-open:inline">Show fewer</span>
          </summary>
          <ChangeList changes={rest} />
        </details>
      ) : null}
    </div>
  );
}

function ChangeList({ changes }: { changes: AuditChange[] }) {
  return (
    <ul>
      {changes.map((c) => (
        <li key={c.field} className="[overflow-wrap:anywhere]">
          <span className="text-slate-500">{c.field}: </span>
          {c.from !== undefined ? (
            <>
              <span className="text-slate-600 line-through decoration-slate-400">{c.from}</span>
              <span className="px-1 text-slate-400" aria-hidden>
                →
              </span>
              <span className="sr-only">changed to</span>
            </>
          ) : null}
          <span className="font-medium text-ink">{c.to}</span>
        </li>
      ))}
    </ul>
  );
}

