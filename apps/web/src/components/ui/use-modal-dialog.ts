import { useEffect, useRef } from 'react';

/**
 * Keeps a native <dialog> in step with `open`: showModal() traps focus and restores it on close,
 * and Escape is handled by the browser.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return ref;
}
