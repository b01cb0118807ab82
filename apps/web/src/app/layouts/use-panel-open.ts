import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';

/** The spec's close delay: the panel fades out, then the site comes back at /. */
const CLOSE_DELAY_MS = 500;

/**
 * The account panel fades in once mounted; the close button fades it out and returns to the site.
 * Escape does not: it belongs to dialogs, menus and lists, and pressed with none of them open
 * (one just closed, a habit) it threw away the page and what was typed in it, and took an admin
 * out of the back office (issue 37).
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

  return { open, close };
}
