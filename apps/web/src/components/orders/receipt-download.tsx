import { useState } from 'react';
import { toast } from 'react-toastify';
import { MSG } from '@lbs/domain/messages';
import { formatInvoiceNo } from '@lbs/domain/invoice-number';
import type { TInvoice } from '@lbs/domain/responses';
import { apiRequest } from '../../lib/api-request';
import { saveBlob } from '../../lib/save-file';
import { DownloadIcon } from '../ui/icons';

type ReceiptSource = Pick<TInvoice, 'invoice_no' | 'invoice_url'>;

/**
 * The receipt download of the customer's and the back office's invoice lists: it posts the
 * invoice's receipt_url (the server renders the PDF from its own data, never fetching a URL),
 * saves receipt.pdf and says so with the spec's three toasts. One download at a time.
 */
export function useReceiptDownload() {
  const [busy, setBusy] = useState<number | null>(null);
  const download = async (invoice: ReceiptSource) => {
    setBusy(invoice.invoice_no);
    // The 'downloading' toast lasts as long as the download, not a fixed few seconds.
    const downloading = toast.info(MSG.invoiceDownloading, { autoClose: false });
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
    } finally {
      toast.dismiss(downloading);
      setBusy(null);
    }
  };
  return { busy, download };
}

/** `labelled`: the word 'Download' on every screen size (the customer's table drops it below 640px). */
export function ReceiptDownloadButton({
  invoice,
  receipts,
  labelled = false,
}: {
  invoice: ReceiptSource;
  receipts: ReturnType<typeof useReceiptDownload>;
  labelled?: boolean;
}) {
  return (
    <button
      type="button"
      disabled={receipts.busy !== null}
      onClick={() => void receipts.download(invoice)}
      className="inline-flex min-h-9 items-center gap-1.5 rounded-md px-2.5 py-1.5 text-xs font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50"
      aria-label={`Download receipt for invoice ${formatInvoiceNo(invoice.invoice_no)}`}
    >
      <DownloadIcon className="h-4 w-4" />
      <span className={labelled ? undefined : 'hidden sm:inline'}>Download</span>
    </button>
  );
}
