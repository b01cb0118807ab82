import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

/**
 * A yes/no question in a modal (the native <dialog> of `Dialog`, labelled by its title and
 * described by its question): Escape, Close, a click on the backdrop and Cancel all cancel.
 * Focus moves to the least harmful answer (Cancel when the action destroys something, the
 * action itself otherwise) and goes back where it was when the dialog closes.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  /** The question and what follows from it. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** The action cannot be undone (revoke, delete): drawn red, and focus starts on Cancel. */
  danger?: boolean;
  /** The answer is on its way: the action button is disabled. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // Runs after Dialog's own effect has opened the <dialog> (a child's effects run first), so the
  // button can take focus; the browser would otherwise give it to the first button, Close.
  useEffect(() => {
    if (open) (danger ? cancelRef : confirmRef).current?.focus();
  }, [open, danger]);

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      describedBy={messageId}
      footer={
        <>
          <Button ref={cancelRef} variant="ghost" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button ref={confirmRef} variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div id={messageId} className="space-y-3 text-sm text-slate-700">
        {children}
      </div>
    </Dialog>
  );
}
