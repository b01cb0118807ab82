import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog } from './confirm-dialog';
import { stubModalDialogs } from '../../test/modal-dialogs';

beforeAll(stubModalDialogs);
afterEach(cleanup);

function ask(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const title = props.title ?? 'Delete coupon';
  render(
    <ConfirmDialog open title={title} confirmLabel="Delete" onConfirm={onConfirm} onCancel={onCancel} {...props}>
      <p>Delete Spring sale?</p>
    </ConfirmDialog>,
  );
  return { onConfirm, onCancel, dialog: screen.getByRole('dialog', { name: title }) };
}

describe('ConfirmDialog', () => {
  it('is a dialog named by its title and described by its question', () => {
    const { dialog } = ask();
    const described = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Delete Spring sale?');
  });

  it('starts on Cancel when the action destroys something, on the action otherwise', () => {
    ask({ danger: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    cleanup();
    ask({ title: 'Email not verified', confirmLabel: 'Resend email' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Resend email' }));
  });

  it('answers yes with the action and no with Cancel, Close or Escape (the dialog closing)', () => {
    const { onConfirm, onCancel, dialog } = ask({ cancelLabel: 'Not now' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    // Escape on a modal <dialog> fires its cancel event first (Dialog answers it at once).
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onCancel).toHaveBeenCalledTimes(3);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('holds the action while the answer is on its way', () => {
    const { onConfirm } = ask({ busy: true });
    const action = screen.getByRole('button', { name: 'Delete' });
    expect(action.hasAttribute('disabled')).toBe(true);
    fireEvent.click(action);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
