import { useId, useState } from 'react';
import { pageCount } from '@lbs/domain/paging';
import { CreditNotesTable } from '../../../components/orders/credit-notes-table';
import { ListToolbar } from '../../../components/ui/list-toolbar';
import { Pager } from '../../../components/ui/pager';
import { SearchField } from '../../../components/ui/search-field';
import { useAdminCreditNotesQuery } from '../credit-notes-api';

/** INVOICES' credit notes: every customer's, newest first, paged on the server, each with its PDF. */
export function CreditNotesList() {
  const id = useId();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const { data, isLoading, isFetching, isError, refetch } = useAdminCreditNotesQuery({ page, q });
  return (
    <section aria-labelledby={`${id}-heading`}>
      <ListToolbar
        headingId={`${id}-heading`}
        title="Credit notes"
        count={data ? `${data.total} ${data.total === 1 ? 'credit note' : 'credit notes'}${q ? ` matching “${q}”` : ''}` : null}
        actions={
          <SearchField
            label="Search credit notes"
            placeholder="Credit note, order or email"
            className="w-full sm:w-80"
            onSearch={(value) => {
              setQ(value);
              setPage(1);
            }}
          />
        }
      />
      <div className={`mt-5 transition-opacity ${isFetching && !isLoading ? 'opacity-60' : ''}`} aria-busy={isFetching}>
        <CreditNotesTable
          caption="All credit notes"
          rows={data?.items}
          loading={isLoading}
          failed={isError && { onRetry: () => void refetch(), retrying: isFetching }}
          withEmail
        />
      </div>
      {data ? <Pager page={page} totalPages={pageCount(data.total, data.page_size)} onChange={setPage} label="Credit note pages" /> : null}
    </section>
  );
}
