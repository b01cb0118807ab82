import type { CustomerTimelineKind, TCustomerTimelineEntry } from '@lbs/domain/customer-page';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { useCustomerTimelineQuery } from '../api';
import { PagedList } from './paged-list';

/** Entries per page: a timeline is read in longer runs than a table. */
export const TIMELINE_PAGE_SIZE = 20;

/** The dot's colour says the kind of event at a glance; the words say it in full. */
const TONE: Partial<Record<CustomerTimelineKind, string>> = {
  signed_up: 'bg-brand-600',
  email_verified: 'bg-emerald-600',
  order_paid: 'bg-emerald-600',
  order_failed: 'bg-red-600',
  license_revoked: 'bg-red-600',
  license_suspended: 'bg-amber-500',
  admin_action: 'bg-ink',
};

function Entry({ entry }: { entry: TCustomerTimelineEntry }) {
  const exact = formatDateTime(entry.at);
  return (
    <li className="relative pb-5 pl-6 last:pb-0">
      <span aria-hidden className={`absolute left-0 top-1.5 h-2.5 w-2.5 rounded-full ${TONE[entry.kind] ?? 'bg-slate-400'}`} />
      <p className="font-medium text-ink [overflow-wrap:anywhere]">{entry.label}</p>
      {entry.detail ? <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">{entry.detail}</p> : null}
      <p className="text-xs text-slate-600">
        <time dateTime={entry.at}>{exact}</time>
        <span aria-hidden> · </span>
        <span>{formatRelativeTime(entry.at)}</span>
      </p>
    </li>
  );
}

/** Everything that happened to the customer, newest first, paged on the server. */
export function CustomerTimeline({ customerId, page, onPage }: { customerId: number; page: number; onPage: (page: number) => void }) {
  // Asked afresh each time the tab opens: a resent mail is an admin action on the timeline but
  // changes nothing else, so no list's tag would tell this one to refetch.
  const query = useCustomerTimelineQuery({ id: customerId, page, page_size: TIMELINE_PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  return (
    <PagedList caption="Timeline" query={query} page={page} onPage={onPage} rowKey={(e) => e.id} empty="Nothing has happened yet.">
      {(entries) => (
        <ol aria-label="Timeline, newest first" className="border-l border-slate-200 pl-0 [&>li]:-ml-[5px]">
          {entries.map((e) => (
            <Entry key={e.id} entry={e} />
          ))}
        </ol>
      )}
    </PagedList>
  );
}
