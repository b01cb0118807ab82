import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';

/** The spec's close delay: the panel fades out, then the site comes back at /. */
const CLOSE_DELAY_MS = 500;

/**
 * The account panel fades in once mounted; the close button or Escape (when no dialog or menu is
 * open to take it first) fades it out and returns to the site.
 */
export function usePanelOpen() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const id = requestAnimationFrame(() => setOpen(true));
    return () => {
      cancelAnimationFrame(id);
      clearTimeout(closeTimer.current);
    };
  }, []);

  const close = () => {
    if (closeTimer.current) return;
    setOpen(false);
    closeTimer.current = setTimeout(() => navigate(paths.home), CLOSE_DELAY_MS);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Escape belongs to an open dialog or menu first; only then does it close the panel.
      if (e.key === 'Escape' && !document.querySelector('dialog[open], [role="menu"]')) close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  return { open, close };
}
