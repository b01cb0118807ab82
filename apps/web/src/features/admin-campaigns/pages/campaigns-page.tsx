import { useState } from 'react';
import { pageCount } from '@lbs/domain/paging';
import type { TCampaign } from '@lbs/domain/campaigns';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { ListToolbar } from '../../../components/ui/list-toolbar';
import { Pager } from '../../../components/ui/pager';
import { formatDateTime } from '../../../lib/format-date';
import { useCampaignsQuery } from '../api';
import { CampaignDialog } from '../components/campaign-dialog';
import { CAMPAIGN_KIND_LABEL, CAMPAIGN_STATUS_LABEL } from '../format';

const number = (n: number | null) => (n === null ? '—' : n.toLocaleString('en-US'));

/**
 * The back office's ANNOUNCEMENTS: campaigns newest first with their audience, sent and failed
 * counts (counted by the server), and the composer. Sending goes through the outbox, so the
 * counts grow while it is under way; the list refreshes itself until nothing is sending.
 */
export function CampaignsPage() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ campaign: TCampaign | null } | null>(null);
  const [sendingNow, setSendingNow] = useState(false);
  const { data, isLoading, isError, isFetching, refetch } = useCampaignsQuery({ page }, { refetchOnMountOrArgChange: true, pollingInterval: sendingNow ? 3000 : 0 });
  const anySending = Boolean(data?.items.some((c) => c.status === 'sending'));
  if (anySending !== sendingNow) setSendingNow(anySending);

  const columns: Column<TCampaign>[] = [
    {
      key: 'subject',
      header: 'Subject',
      card: 'title',
      className: 'min-w-56',
      cell: (c) => (
        <button type="button" onClick={() => setOpen({ campaign: c })} className="text-left font-semibold text-brand-700 underline-offset-2 hover:underline [overflow-wrap:anywhere]">
          {c.subject}
        </button>
      ),
    },
    { key: 'kind', header: 'Kind', cell: (c) => CAMPAIGN_KIND_LABEL[c.kind] },
    { key: 'status', header: 'Status', cell: (c) => <span data-status={c.status}>{CAMPAIGN_STATUS_LABEL[c.status]}</span> },
    { key: 'audience', header: 'Audience', className: 'text-right tabular-nums', cell: (c) => number(c.audience) },
    { key: 'sent', header: 'Sent', className: 'text-right tabular-nums', cell: (c) => (c.status === 'draft' ? '—' : number(c.sent)) },
    { key: 'failed', header: 'Failed', className: 'text-right tabular-nums', cell: (c) => (c.status === 'draft' ? '—' : number(c.failed)) },
    {
      key: 'dates',
      header: 'Written and sent',
      className: 'whitespace-nowrap',
      cell: (c) => (
        <span className="block text-sm">
          <span className="block">
            <span className="text-slate-600">Written </span>
            <time dateTime={c.created_at}>{formatDateTime(c.created_at)}</time>
          </span>
          {c.queued_at ? (
            <span className="block">
              <span className="text-slate-600">Sent </span>
              <time dateTime={c.queued_at}>{formatDateTime(c.queued_at)}</time>
            </span>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <section aria-labelledby="campaigns-heading">
      <ListToolbar
        headingId="campaigns-heading"
        title="Announcements"
        description="Mail to customers: announcements to those with them on, promotional mail only to those who turned it on."
        actions={<Button onClick={() => setOpen({ campaign: null })}>New announcement</Button>}
        className="mb-4"
      />
      <DataTable
        caption="Announcements, newest first"
        columns={columns}
        rows={data?.items}
        rowKey={(c) => c.id}
        loading={isLoading}
        failed={isError && { onRetry: () => void refetch(), retrying: isFetching, message: 'The announcements could not be loaded.' }}
        empty="No announcements yet. Write one to tell customers about a new app version or an offer."
      />
      {data ? <Pager page={page} totalPages={pageCount(data.total, data.page_size)} onChange={setPage} label="Announcement pages" /> : null}
      {open ? <CampaignDialog key={open.campaign?.id ?? 'new'} campaign={open.campaign} open onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
