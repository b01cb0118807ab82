import { useState } from 'react';
import { toast } from 'react-toastify';
import type { TCreditNoteJson } from '@lbs/domain/refunds';
import { apiRequest } from '../../lib/api-request';
import { saveBlob } from '../../lib/save-file';
import { DownloadIcon } from '../ui/icons';

type CreditNoteSource = Pick<TCreditNoteJson, 'credit_note' | 'credit_note_no'>;

export const CREDIT_NOTE_DOWNLOAD_TEXT = {
  downloading: 'The credit note is downloading now...',
  downloaded: (cn: string) => `Credit note ${cn} downloaded`,
  failed: 'The credit note could not be downloaded',
} as const;

/**
 * A credit note's PDF (GET /invoice/credit-notes/{no}/pdf, with the session's token, so not a plain
 * link), saved as CN-n.pdf; toasts as the receipt download's. One download at a time.
 */
export function useCreditNoteDownload() {
  const [busy, setBusy] = useState<number | null>(null);
  const download = async (note: CreditNoteSource) => {
    setBusy(note.credit_note_no);
    const downloading = toast.info(CREDIT_NOTE_DOWNLOAD_TEXT.downloading, { autoClose: false });
    try {
      const pdf = await apiRequest<Blob>({ url: `/invoice/credit-notes/${note.credit_note_no}/pdf`, responseType: 'blob' });
      saveBlob(pdf, `${note.credit_note}.pdf`);
      toast.success(CREDIT_NOTE_DOWNLOAD_TEXT.downloaded(note.credit_note));
    } catch {
      toast.error(CREDIT_NOTE_DOWNLOAD_TEXT.failed);
    } finally {
      toast.dismiss(downloading);
      setBusy(null);
    }
  };
  return { busy, download };
}

export function CreditNoteDownloadButton({ note, downloads }: { note: CreditNoteSource; downloads: ReturnType<typeof useCreditNoteDownload> }) {
  return (
    <button
      type="button"
      disabled={downloads.busy !== null}
      onClick={() => void downloads.download(note)}
      className="inline-flex min-h-9 items-center gap-1.5 rounded-md px-2.5 py-1.5 text-xs font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50"
      aria-label={`Download credit note ${note.credit_note} (PDF)`}
    >
      <DownloadIcon className="h-4 w-4" />
      PDF
    </button>
  );
}
