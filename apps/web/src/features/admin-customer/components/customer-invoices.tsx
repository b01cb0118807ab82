import type { TAdminInvoice } from '@lbs/domain/admin-responses';
import { formatInvoiceNo } from '@lbs/domain/invoice-number';
import { formatUsd } from '@lbs/domain/money';
import { ReceiptDownloadButton, useReceiptDownload } from '../../../components/orders/receipt-download';
import type { Column } from '../../../components/ui/data-table';
import { formatDateTime } from '../../../lib/format-date';
import { useCustomerInvoicesQuery } from '../api';
import { PagedList } from './paged-list';

/** The customer's invoices, newest first, each with its receipt PDF. */
export function CustomerInvoices({ customerId, page, onPage }: { customerId: number; page: number; onPage: (page: number) => void }) {
  const query = useCustomerInvoicesQuery({ id: customerId, page });
  const receipts = useReceiptDownload();
  const columns: ReadonlyArray<Column<TAdminInvoice>> = [
    { key: 'no', header: 'Invoice No', card: 'title', cell: (i) => <span className="font-semibold text-ink">{formatInvoiceNo(i.invoice_no)}</span> },
    { key: 'order', header: 'Order', cell: (i) => (i.order_id ? `#${i.order_id}` : '--') },
    { key: 'total', header: 'Total', className: 'tabular-nums md:text-right', cell: (i) => formatUsd(i.total) },
    { key: 'created', header: 'Issued', className: 'whitespace-nowrap', cell: (i) => formatDateTime(i.created_at) },
    {
      key: 'receipt',
      header: <span className="sr-only">Receipt</span>,
      cardLabel: 'Receipt',
      className: 'md:text-right',
      cell: (i) => <ReceiptDownloadButton invoice={i} receipts={receipts} labelled />,
    },
  ];
  return <PagedList caption="Invoices" query={query} page={page} onPage={onPage} columns={columns} rowKey={(i) => i.invoice_no} empty="No invoices." />;
}
