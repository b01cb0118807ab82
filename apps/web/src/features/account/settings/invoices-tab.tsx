import { useState } from 'react';
import { toast } from 'react-toastify';
import { MSG } from '@lbs/domain/messages';
import { ListEmpty, ListLoading } from './list-status';
import { pageCount } from '@lbs/domain/paging';
import { Pager } from '../../../components/ui/pager';
import { apiRequest } from '../../../lib/api-request';
import { useInvoicesQuery, type Invoice } from '../api';
import { DownloadIcon } from '../components/account-icons';
import { formatDate } from '../format';
import { saveBlob } from '../save-file';

/** Posts the invoice's receipt_url; the server renders the PDF from its own data. */
async function downloadReceipt(invoice: Invoice) {
  toast.info(MSG.invoiceDownloading);
  try {
    const pdf = await apiRequest<Blob>({
      url: '/invoice/generate-receipt-pdf',
      method: 'POST',
      body: { receipt_url: invoice.invoice_url },
      responseType: 'blob',
    });
    saveBlob(pdf, 'receipt.pdf');
    toast.success(MSG.invoiceDownloaded);
  } catch {
    toast.error(MSG.invoiceDownloadFailed);
  }
}

export function InvoicesTab() {
  const [page, setPage] = useState(1);
  const { data, isLoading } = useInvoicesQuery({ page });
  const [busy, setBusy] = useState<number | null>(null);

  if (isLoading) {
    return <ListLoading />;
  }
  if (!data?.items.length) {
    return <ListEmpty message={MSG.noDataAvailable} />;
  }
  const download = async (inv: Invoice) => {
    setBusy(inv.invoice_no);
    await downloadReceipt(inv);
    setBusy(null);
  };
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
                <td className="px-3 py-3 sm:px-4 font-semibold text-ink">{inv.invoice_no}</td>
                <td className="px-3 py-3 sm:px-4">{inv.order_id ?? '--'}</td>
                <td className="px-3 py-3 sm:px-4 whitespace-nowrap">{formatDate(inv.created_at)}</td>
                <td className="px-3 py-3 sm:px-4 text-right">
                  <button
                    type="button"
                    disabled={busy !== null}
                    onClick={() => download(inv)}
                    className="inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-xs font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50"
                    aria-label={`Download receipt for invoice ${inv.invoice_no}`}
                  >
                    <DownloadIcon className="h-4 w-4" />
                    <span className="hidden sm:inline">Download</span>
                  </button>
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
