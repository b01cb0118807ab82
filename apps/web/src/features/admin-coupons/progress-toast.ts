import { toast } from 'react-toastify';

/**
 * Runs an admin action under one toast: the busy text while it runs, then the same toast turns
 * into the success or the failure text. The failure is rethrown for the caller to show details.
 */
export async function withProgressToast<T>(
  texts: { busy: string; done: string; failed: string },
  run: () => Promise<T>,
): Promise<T> {
  const id = toast.loading(texts.busy);
  const settle = (render: string, type: 'success' | 'error') =>
    toast.update(id, {
      render,
      type,
      isLoading: false,
      autoClose: 5000,
      closeButton: true,
      closeOnClick: true,
      draggable: true,
    });
  try {
    const result = await run();
    settle(texts.done, 'success');
    return result;
  } catch (error) {
    settle(texts.failed, 'error');
    throw error;
  }
}
