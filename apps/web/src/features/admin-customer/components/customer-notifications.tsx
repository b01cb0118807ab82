import type { TNotification } from '@lbs/domain/responses';
import type { Column } from '../../../components/ui/data-table';
import { formatDateTime } from '../../../lib/format-date';
import { useCustomerNotificationsQuery } from '../api';
import { PagedList } from './paged-list';

/** Whether the customer has read it and marked it done: theirs to change, so only shown here. */
const stateOf = (n: TNotification) => [n.is_read ? 'Read' : 'Unread', n.is_done ? 'Done' : null].filter(Boolean).join(', ');

const COLUMNS: ReadonlyArray<Column<TNotification>> = [
  { key: 'title', header: 'Title', card: 'title', cell: (n) => <span className="font-medium text-ink">{n.title}</span> },
  { key: 'message', header: 'Message', className: 'min-w-56', cell: (n) => <span className="text-slate-700 [overflow-wrap:anywhere]">{n.message}</span> },
  { key: 'sent', header: 'Sent', className: 'whitespace-nowrap', cell: (n) => formatDateTime(n.created_at) },
  { key: 'state', header: 'State', className: 'whitespace-nowrap', cell: stateOf },
];

/** What the customer was told, newest first; read-only (their read and done state is theirs). */
export function CustomerNotifications({ customerId, page, onPage }: { customerId: number; page: number; onPage: (page: number) => void }) {
  const query = useCustomerNotificationsQuery({ id: customerId, page });
  return (
    <>
      <p className="mb-3 text-sm text-slate-600">What the customer sees under their bell. Read-only: marking them read or done is the customer’s.</p>
      <PagedList caption="Notifications" query={query} page={page} onPage={onPage} columns={COLUMNS} rowKey={(n) => n._id} empty="No notifications." />
    </>
  );
}
