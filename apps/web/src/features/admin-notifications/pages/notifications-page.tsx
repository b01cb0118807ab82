import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { MSG } from '@lbs/domain/messages';
import { pageCount } from '@lbs/domain/paging';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { EmailAddress } from '../../../components/ui/email-address';
import { FilterSelect, ListToolbar } from '../../../components/ui/list-toolbar';
import { LoadFailed } from '../../../components/ui/load-failed';
import { NotificationIcon } from '../../../components/ui/notification-icon';
import { NotificationMarks } from '../../../components/ui/notification-marks';
import { Pager } from '../../../components/ui/pager';
import { formatDateTime } from '../../../lib/format-date';
import { useAppSelector } from '../../../lib/store-hooks';
import type { NotificationAudience } from '@lbs/domain/admin-queries';
import {
  useAdminMarkNotificationMutation,
  useAdminNotificationsQuery,
  useMarkNotificationsReadMutation,
  type AdminNotification,
} from '../api';
import { usePageSelection, type SelectAllState } from '../page-selection';

const checkboxClass = 'h-4 w-4 cursor-pointer rounded border-slate-300 accent-brand-600';

/**
 * The back office's NOTIFICATIONS (spec §2, DESIGN §6.2): the admins' own feed (paid orders,
 * declined payments, contact messages), ten a page from the server, newest first. Rows are ticked
 * one by one or a page at a time and marked read together; each row can be marked read or done
 * alone; every admin sees the same marks. A filter shows the customers' notifications instead,
 * read-only: what a customer has read is theirs to mark, so those rows have no boxes or buttons.
 */
export function NotificationsPage() {
  const [page, setPage] = useState(1);
  const [audience, setAudience] = useState<NotificationAudience>('admins');
  const readOnly = audience === 'customers';
  const { data, isLoading, isError, refetch, isFetching } = useAdminNotificationsQuery({ page, audience });
  const rows = data?.items;
  const pageIds = useMemo(() => (readOnly ? [] : (rows?.map((n) => n._id) ?? [])), [rows, readOnly]);
  const selection = usePageSelection(pageIds, page);
  const me = useAppSelector((s) => s.user.user?.id);
  const [markMany, bulk] = useMarkNotificationsReadMutation();
  const [markOne, single] = useAdminMarkNotificationMutation();
  const [busyId, setBusyId] = useState<string | null>(null);

  async function markSelected() {
    try {
      await markMany({ ids: selection.selected, page }).unwrap();
      selection.clear();
    } catch {
      toast.error(MSG.notificationsUpdateFailed);
    }
  }

  async function mark(n: AdminNotification, flag: 'read' | 'done') {
    setBusyId(n._id);
    try {
      await markOne({ id: n._id, flag, page }).unwrap();
    } catch {
      toast.error(MSG.notificationsUpdateFailed);
    } finally {
      setBusyId(null);
    }
  }

  const columns: Column<AdminNotification>[] = [
    {
      // The box, the icon with its unread dot, and the title: one cell, so a phone's card heads
      // with the same three things as the table's row.
      key: 'title',
      header: readOnly ? (
        <span className="pl-11">Title</span>
      ) : (
        <span className="flex items-center gap-3">
          <SelectAll state={selection.allState} onChange={selection.toggleAll} />
          <span className="pl-11">Title</span>
        </span>
      ),
      className: 'min-w-64 w-2/5',
      card: 'title',
      cell: (n) => (
        <span className="flex items-start gap-3">
          {n.read_only ? null : (
            <RowCheckbox n={n} checked={selection.isSelected(n._id)} onChange={() => selection.toggle(n._id)} className="mt-2 shrink-0" />
          )}
          <NotificationIcon type={n.type} unread={!n.is_read} size="sm" />
          <span className="min-w-0 pt-1.5">
            <Title n={n} />
            <Customer n={n} me={me} />
          </span>
        </span>
      ),
    },
    {
      key: 'message',
      header: 'Message',
      className: 'min-w-56',
      cell: (n) => <span className={n.is_done ? 'text-slate-500' : 'text-slate-700'}>{n.message}</span>,
    },
    {
      key: 'created',
      header: 'Created',
      className: 'whitespace-nowrap',
      cell: (n) => (
        <time dateTime={n.created_at} className={n.is_done ? 'text-slate-500' : 'text-slate-600'}>
          {formatDateTime(n.created_at)}
        </time>
      ),
    },
  ];
  if (!readOnly) {
    columns.push({
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      card: 'actions',
      cell: (n) =>
        n.read_only ? null : (
          <NotificationMarks n={n} busy={busyId === n._id && single.isLoading} onMark={(flag) => void mark(n, flag)} className="md:flex-col md:items-start md:gap-1" />
        ),
    });
  }

  function show(next: NotificationAudience) {
    // Ticks belong to the list they were made in.
    selection.clear();
    setAudience(next);
    setPage(1);
  }

  const count = selection.selected.length;
  return (
    <section aria-labelledby="admin-notifications-heading">
      <ListToolbar
        headingId="admin-notifications-heading"
        title="Notifications"
        description={
          <>
            {readOnly
              ? "What the shop told its customers, newest first. Read-only: only a customer marks their own notifications read or done"
              : "What the shop tells its admins (paid orders, declined payments, contact messages), newest first; every admin shares one read and done state"}
            {data && data.total > 0 ? ` · ${data.total.toLocaleString('en-US')} in all` : ''}.
          </>
        }
        actions={
          // Kept in the layout while nothing is ticked, so ticking a row does not move the table.
          <div className="flex items-center sm:min-h-10" aria-live="polite">
            {count > 0 && !readOnly ? (
              <Button onClick={() => void markSelected()} disabled={bulk.isLoading} className="px-4 py-2">
                {MSG.markSelectedAsRead(count)}
              </Button>
            ) : null}
          </div>
        }
      >
        <FilterSelect label="Show" className="sm:w-56" value={audience} onChange={(e) => show(e.target.value as NotificationAudience)}>
          <option value="admins">Admin feed</option>
          <option value="customers">Customers'</option>
        </FilterSelect>
      </ListToolbar>

      <div className="mt-4">
        {isError ? (
          <LoadFailed onRetry={() => void refetch()} busy={isFetching} />
        ) : (
          <>
            {rows?.length && !readOnly ? (
              <label className="mb-3 flex items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 text-sm font-medium text-slate-700 md:hidden">
                <SelectAllBox state={selection.allState} onChange={selection.toggleAll} />
                Select all on this page
              </label>
            ) : null}
            <DataTable
              caption={readOnly ? "Customers' notifications, newest first, read-only" : "Admins' notifications, newest first"}
              columns={columns}
              rows={rows}
              rowKey={(n) => n._id}
              loading={isLoading}
              empty={MSG.noNotifications}
              rowClassName={(n) => (n.is_done ? 'bg-slate-50 [&_svg]:opacity-60' : selection.isSelected(n._id) ? 'bg-brand-50/40' : '')}
            />
            {data ? <Pager page={page} totalPages={pageCount(data.total, data.page_size)} onChange={setPage} label="Notification pages" /> : null}
          </>
        )}
      </div>
    </section>
  );
}

/**
 * The customer concerned: whose a customer's notification is ("you" for the admin's own), or who
 * an admins' feed event is about (a buyer; nobody for a stranger's contact message).
 */
function Customer({ n, me }: { n: AdminNotification; me: number | undefined }) {
  if (n.email === null) return null;
  return (
    <span className="mt-0.5 block text-xs font-normal text-slate-600 [overflow-wrap:anywhere]">
      {n.read_only ? 'For' : 'Customer'} <EmailAddress address={n.email} />
      {n.read_only && n.user_id === me ? <span className="ml-1.5 rounded bg-brand-50 px-1.5 py-0.5 font-semibold text-brand-700">you</span> : null}
    </span>
  );
}

function Title({ n, className = '' }: { n: AdminNotification; className?: string }) {
  const tone = n.is_done ? 'font-medium text-slate-500' : n.is_read ? 'font-medium text-slate-700' : 'font-semibold text-ink';
  return (
    <span className={`block [overflow-wrap:anywhere] ${tone} ${className}`} data-done={n.is_done || undefined}>
      {n.title}
    </span>
  );
}

function RowCheckbox({ n, checked, onChange, className = '' }: { n: AdminNotification; checked: boolean; onChange: () => void; className?: string }) {
  return (
    <input type="checkbox" className={`${checkboxClass} ${className}`} checked={checked} onChange={onChange} aria-label={`Select: ${n.title}`} />
  );
}

/** The table's select-all box; the same on the phone layout, labelled by its text there. */
function SelectAll({ state, onChange }: { state: SelectAllState; onChange: () => void }) {
  return <SelectAllBox state={state} onChange={onChange} ariaLabel="Select all notifications on this page" />;
}

function SelectAllBox({ state, onChange, ariaLabel }: { state: SelectAllState; onChange: () => void; ariaLabel?: string }) {
  const ref = useRef<HTMLInputElement>(null);
  // "Some ticked" has no HTML attribute; it is a property.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return <input ref={ref} type="checkbox" className={checkboxClass} checked={state === 'all'} onChange={onChange} aria-label={ariaLabel} />;
}
