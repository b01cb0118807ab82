import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { CloseIcon } from './icons';
import { useModalDialog } from './use-modal-dialog';

/**
 * A modal with a title bar on the native <dialog>: focus is trapped and restored by the browser;
 * Escape, the close button and a backdrop click call onClose, once, and the dialog closes when
 * `open` turns false.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  wide = false,
  describedBy,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** true: room for a form in two columns; 'table': room for a six-column table (a coupon's codes). */
  wide?: boolean | 'table';
  /** The id of the text that says what the dialog is about (a confirm dialog's question). */
  describedBy?: string;
}) {
  const ref = useModalDialog(open);
  const titleId = useId();
  const body = useRef<HTMLDivElement>(null);
  const scrolls = useScrolls(body, open);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      // Escape closes the dialog through `open`, not behind React's back: the browser's own close
      // fires its close event a task later, and a keyboard quick enough to open the dialog again in
      // between (Escape, then Enter on the button focus went back to) had that opening undone by
      // the late event (admin-refunds journey, CI). So Escape asks onClose at once, and a close
      // event counts only while `open` still says open and the dialog is not (another close watcher).
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClose={() => {
        if (open && !ref.current?.open) onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (e.target === ref.current) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${wide === 'table' ? 'max-w-3xl' : wide ? 'max-w-2xl' : 'max-w-md'} rounded-2xl p-0 shadow-2xl backdrop:bg-ink/60`}
    >
      {open ? (
        <div className="flex max-h-[85vh] flex-col">
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <h2 id={titleId} className="text-lg font-semibold text-ink">
              {title}
            </h2>
            <button type="button" onClick={onClose} className="inline-flex h-9 w-9 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100" aria-label="Close">
              <CloseIcon className="h-5 w-5" />
            </button>
          </div>
          {/* Taking focus only while it scrolls, so a keyboard can scroll a long read-only body
              (axe: scrollable-region-focusable) without an extra tab stop in every dialog. */}
          <div
            ref={body}
            tabIndex={scrolls ? 0 : undefined}
            className="overflow-y-auto px-5 py-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-300"
          >
            {children}
          </div>
          {footer ? <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}

/** Whether the element's content is taller than the element (it scrolls), kept up to date as either changes size. */
function useScrolls(ref: RefObject<HTMLElement | null>, active: boolean): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!active || !el || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(el.scrollHeight > el.clientHeight + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    check();
    return () => observer.disconnect();
  }, [ref, active]);
  return scrolls;
}
