import { formatInvoiceNo } from '@lbs/domain/invoice-number';
import { formatUsd } from '@lbs/domain/money';
import type { TCreditNoteJson } from '@lbs/domain/refunds';
import { formatDate } from '../../lib/format-date';
import { DataTable, type Column } from '../ui/data-table';
import { EmailText } from '../ui/email-text';
import { CreditNoteDownloadButton, useCreditNoteDownload } from './credit-note-download';

export const NO_CREDIT_NOTES = 'No credit notes.';

/**
 * Credit notes as a table from 768 px, cards below: number, date, order, amount and the PDF (the
 * back office adds the customer's email). Loading, failed and empty as every DataTable.
 */
export function CreditNotesTable({
  caption,
  rows,
  loading,
  failed,
  withEmail = false,
}: {
  caption: string;
  rows: readonly TCreditNoteJson[] | undefined;
  loading: boolean;
  failed: { onRetry: () => void; retrying: boolean } | false;
  withEmail?: boolean;
}) {
  const downloads = useCreditNoteDownload();
  const columns: Array<Column<TCreditNoteJson>> = [
    { key: 'no', header: 'Credit note', card: 'title', className: 'whitespace-nowrap', cell: (c) => <span className="font-semibold text-ink">{c.credit_note}</span> },
    ...(withEmail ? [{ key: 'email', header: 'Email', cell: (c: TCreditNoteJson) => <EmailText email={c.email} /> }] : []),
    { key: 'date', header: 'Date', className: 'whitespace-nowrap', cell: (c) => formatDate(c.issued_at) },
    { key: 'order', header: 'Order', cell: (c) => `#${c.order_id}` },
    { key: 'invoice', header: 'Invoice', cell: (c) => (c.invoice_no === null ? '--' : formatInvoiceNo(c.invoice_no)) },
    { key: 'amount', header: 'Amount', className: 'tabular-nums md:text-right', cell: (c) => formatUsd(c.amount) },
    {
      key: 'pdf',
      header: <span className="sr-only">PDF</span>,
      card: 'actions',
      className: 'md:text-right',
      cell: (c) => <CreditNoteDownloadButton note={c} downloads={downloads} />,
    },
  ];
  return <DataTable caption={caption} columns={columns} rows={rows} rowKey={(c) => c.credit_note_no} loading={loading} failed={failed} empty={NO_CREDIT_NOTES} />;
}
