import { useState } from 'react';
import type { TAdminInvoice } from '@lbs/domain/admin-responses';
import { formatInvoiceNo } from '@lbs/domain/invoice-number';
import { MSG } from '@lbs/domain/messages';
import { formatUsd } from '@lbs/domain/money';
import { pageCount } from '@lbs/domain/paging';
import { ReceiptDownloadButton, useReceiptDownload } from '../../../components/orders/receipt-download';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { EmailText } from '../../../components/ui/email-text';
import { ListToolbar } from '../../../components/ui/list-toolbar';
import { Pager } from '../../../components/ui/pager';
import { SearchField } from '../../../components/ui/search-field';
import { formatDate } from '../../../lib/format-date';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useAdminInvoicesQuery } from '../api';
import { CreditNotesList } from '../components/credit-notes-list';
import { AccountingExportsPanel } from '../components/accounting-exports-panel';

/** Back office INVOICES: every invoice with its buyer, paged on the server, with the receipt PDF. */
export function InvoicesPage() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const { data, isLoading, isFetching, isError, refetch } = useAdminInvoicesQuery({ page, q });
  const receipts = useReceiptDownload();
  useErrorToast(isError, MSG.errorFetchingData);

  const columns: Array<Column<TAdminInvoice>> = [
    { key: 'no', header: 'Invoice No', card: 'title', cell: (i) => <span className="font-semibold text-ink">{formatInvoiceNo(i.invoice_no)}</span> },
    { key: 'email', header: 'Email', cell: (i) => <EmailText email={i.email} /> },
    { key: 'order', header: 'Order ID', cell: (i) => i.order_id ?? '--' },
    { key: 'total', header: 'Total', className: 'text-right tabular-nums', cell: (i) => formatUsd(i.total) },
    { key: 'created', header: 'Created', className: 'whitespace-nowrap', cell: (i) => formatDate(i.created_at) },
    {
      key: 'receipt',
      header: <span className="sr-only">Receipt</span>,
      cardLabel: 'Receipt',
      className: 'text-right',
      cell: (i) => <ReceiptDownloadButton invoice={i} receipts={receipts} labelled />,
    },
  ];

  return (
    <section aria-labelledby="invoices-heading">
      <ListToolbar
        headingId="invoices-heading"
        title="Invoices"
        count={data ? `${data.total} ${data.total === 1 ? 'invoice' : 'invoices'}${q ? ` matching “${q}”` : ''}` : null}
        actions={
          <SearchField
            label="Search invoices"
            placeholder="Invoice number (INV-…) or email"
            className="w-full sm:w-80"
            onSearch={(value) => {
              setQ(value);
              setPage(1);
            }}
          />
        }
      />
      <div className={`mt-5 transition-opacity ${isFetching && !isLoading ? 'opacity-60' : ''}`} aria-busy={isFetching}>
        <DataTable
          caption="All invoices"
          columns={columns}
          rows={data?.items}
          rowKey={(i) => i.invoice_no}
          loading={isLoading}
          failed={isError && { onRetry: () => void refetch(), retrying: isFetching }}
          empty={MSG.noDataAvailable}
        />
      </div>
      {data ? <Pager page={page} totalPages={pageCount(data.total, data.page_size)} onChange={setPage} label="Invoice pages" /> : null}
      <div className="mt-10">
        <CreditNotesList />
      </div>
      <AccountingExportsPanel />
    </section>
  );
}
