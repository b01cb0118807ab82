import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Dialog } from './dialog';

// jsdom has no modal dialogs: these follow the HTML standard where it matters here. close() hides
// the dialog at once and fires its close event a task later; Escape fires a cancelable cancel
// event and, unless it is cancelled, closes the dialog.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    setTimeout(() => this.dispatchEvent(new Event('close')), 0);
  };
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function pressEscapeOn(dialog: HTMLDialogElement) {
  const cancel = new Event('cancel', { cancelable: true });
  dialog.dispatchEvent(cancel);
  if (!cancel.defaultPrevented) dialog.close();
}

function Page({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Cancel order…
      </button>
      <Dialog
        open={open}
        title="Cancel order #11"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      >
        <p>It is refunded in full.</p>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opened again at once after Escape (Enter on the button focus went back to) stays open', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order…' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order #11' }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);

    act(() => pressEscapeOn(dialog));
    expect(dialog.open).toBe(false);
    expect(onClose).toHaveBeenCalledTimes(1);
    // Before the browser's close event of the first closing arrives:
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order…', hidden: true }));
    act(() => vi.runAllTimers());

    expect(dialog.open).toBe(true);
    expect(screen.getByText('It is refunded in full.')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('calls onClose once for Escape, once for the close button, and for a close it did not start', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    const opener = () => screen.getByRole('button', { name: 'Cancel order…', hidden: true });
    fireEvent.click(opener());
    const dialog = screen.getByRole('dialog', { name: 'Cancel order #11' }) as HTMLDialogElement;

    act(() => pressEscapeOn(dialog));
    act(() => vi.runAllTimers());
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.click(opener());
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.runAllTimers());
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(dialog.open).toBe(false);

    // Escape that cannot be cancelled (the browser's close watcher may refuse): closed natively.
    fireEvent.click(opener());
    act(() => {
      dialog.dispatchEvent(new Event('cancel'));
      dialog.close();
    });
    act(() => vi.runAllTimers());
    expect(onClose).toHaveBeenCalledTimes(3);

    // Closed by something else than the dialog's own controls.
    fireEvent.click(opener());
    act(() => {
      dialog.close();
      vi.runAllTimers();
    });
    expect(onClose).toHaveBeenCalledTimes(4);
    expect(dialog.open).toBe(false);
  });
});
