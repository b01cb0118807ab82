import { useEffect, useId, useRef, useState } from 'react';
import { MarkdownView } from '../../../components/ui/markdown-view';
import { Button } from '../../../components/ui/button';
import { CloseIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';

/** Spec: the modal's close animation. */
const TERMS_CLOSE_MS = 300;
const TERMS_URL = `${import.meta.env.BASE_URL}legal/terms-of-sale.md`;

let termsCache: string | null = null;

/**
 * Terms and Conditions before paying: the text comes from the static Markdown file, Confirm goes
 * on to payment, Close (or Escape, or the backdrop) plays a 300 ms close animation first.
 */
export function TermsModal({
  open,
  confirming,
  onConfirm,
  onClose,
}: {
  open: boolean;
  confirming: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [shown, setShown] = useState(false);
  const [terms, setTerms] = useState<string | null>(termsCache);
  const [failed, setFailed] = useState(false);
  const closing = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      const frame = requestAnimationFrame(() => setShown(true));
      return () => cancelAnimationFrame(frame);
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(
    () => () => {
      if (closing.current) clearTimeout(closing.current);
    },
    [],
  );

  useEffect(() => {
    if (!open || termsCache) return;
    let current = true;
    fetch(TERMS_URL)
      .then((res) => {
        if (!res.ok) throw new Error(`GET ${TERMS_URL} answered ${res.status}`);
        return res.text();
      })
      .then((text) => {
        termsCache = text;
        if (current) setTerms(text);
      })
      .catch((err: unknown) => {
        // Spec: a failure to fetch the terms is only logged.
        console.error('Could not load the terms and conditions', err);
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [open]);

  const requestClose = () => {
    if (confirming || closing.current) return;
    setShown(false);
    closing.current = setTimeout(() => {
      closing.current = null;
      ref.current?.close();
      onClose();
    }, TERMS_CLOSE_MS);
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        requestClose();
      }}
      onClose={() => {
        // Chrome closes a dialog on a second Escape even when cancel is prevented; keep the
        // page's state in step so Checkout can open it again.
        setShown(false);
        if (open && !closing.current) onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) requestClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] max-w-2xl rounded-2xl bg-white p-0 shadow-2xl transition-[opacity,transform] duration-300 ease-out backdrop:bg-ink/60 motion-reduce:transition-none ${
        shown ? 'translate-y-0 scale-100 opacity-100' : 'translate-y-4 scale-95 opacity-0'
      }`}
      data-state={shown ? 'open' : 'closed'}
    >
      {open ? (
        <div className="flex max-h-[85vh] flex-col">
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
            <h2 id={titleId} className="text-lg font-semibold text-ink">
              Terms and Conditions
            </h2>
            <button
              type="button"
              onClick={requestClose}
              className="inline-flex h-9 w-9 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100"
              aria-label="Close terms"
            >
              <CloseIcon className="h-5 w-5" />
            </button>
          </div>
          <div
            className="overflow-y-auto px-5 py-2 text-sm sm:px-6 [&_h1]:text-2xl"
            tabIndex={0}
            aria-label="Terms text"
          >
            {terms ? (
              <MarkdownView source={terms} />
            ) : failed ? (
              <p className="py-6 text-slate-600">
                The terms could not be loaded just now. You can read them on our{' '}
                <a
                  className="text-brand-700 underline"
                  href={paths.terms}
                  target="_blank"
                  rel="noreferrer"
                >
                  terms page
                </a>
                .
              </p>
            ) : (
              <p className="py-6 text-slate-500" role="status">
                Loading the terms…
              </p>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
            <Button variant="secondary" onClick={requestClose} disabled={confirming}>
              Close
            </Button>
            <Button onClick={onConfirm} disabled={confirming}>
              {confirming ? 'Redirecting to payment…' : 'Confirm'}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
