import { useState } from 'react';
import { MSG } from '@lbs/domain/messages';
import { formatInvoiceNo } from '@lbs/domain/invoice-number';
import { ListEmpty, ListLoading } from './list-status';
import { LoadFailed } from '../../../components/ui/load-failed';
import { pageCount } from '@lbs/domain/paging';
import { Pager } from '../../../components/ui/pager';
import { ReceiptDownloadButton, useReceiptDownload } from '../../../components/orders/receipt-download';
import { CreditNotesTable } from '../../../components/orders/credit-notes-table';
import { useCreditNotesQuery, useInvoicesQuery } from '../api';
import { formatDate } from '../format';

/** The customer's invoices, then their credit notes (a refund's, numbered CN-n apart from invoices). */
export function InvoicesTab() {
  return (
    <div className="space-y-8">
      <InvoiceList />
      <CreditNoteList />
    </div>
  );
}

function CreditNoteList() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, isFetching, refetch } = useCreditNotesQuery({ page });
  return (
    <section aria-labelledby="credit-notes-heading">
      <h2 id="credit-notes-heading" className="mb-3 text-base font-semibold text-ink">
        Credit notes
      </h2>
      <CreditNotesTable
        caption="Credit notes"
        rows={data?.items}
        loading={isLoading}
        failed={isError && { onRetry: () => void refetch(), retrying: isFetching }}
      />
      {data ? <Pager page={page} totalPages={pageCount(data.total, data.page_size)} onChange={setPage} label="Credit note pages" /> : null}
    </section>
  );
}

function InvoiceList() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, isFetching, refetch } = useInvoicesQuery({ page });
  const receipts = useReceiptDownload();

  if (isLoading) {
    return <ListLoading />;
  }
  if (isError) return <LoadFailed onRetry={() => void refetch()} busy={isFetching} />;
  if (!data?.items.length) {
    return <ListEmpty message={MSG.noDataAvailable} />;
  }
  return (
    <section aria-label="Invoices">
      <div className="relative overflow-x-auto rounded-xl border border-slate-200">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="px-3 py-3 sm:px-4 font-semibold">
                Invoice No
              </th>
              <th scope="col" className="px-3 py-3 sm:px-4 font-semibold">
                Order ID
              </th>
              <th scope="col" className="px-3 py-3 sm:px-4 font-semibold">
                Created
              </th>
              <th scope="col" className="px-3 py-3 sm:px-4 text-right font-semibold">
                <span className="sr-only">Receipt</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.items.map((inv) => (
              <tr key={inv.invoice_no}>
                <td className="px-3 py-3 sm:px-4 font-semibold text-ink">{formatInvoiceNo(inv.invoice_no)}</td>
                <td className="px-3 py-3 sm:px-4">{inv.order_id ?? '--'}</td>
                <td className="px-3 py-3 sm:px-4 whitespace-nowrap">{formatDate(inv.created_at)}</td>
                <td className="px-3 py-3 sm:px-4 text-right">
                  <ReceiptDownloadButton invoice={inv} receipts={receipts} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} totalPages={pageCount(data.total, data.page_size)} onChange={setPage} label="Invoice pages" />
    </section>
  );
}
