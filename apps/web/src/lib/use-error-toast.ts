import { useEffect } from 'react';
import { toast } from 'react-toastify';

/**
 * Shows `message` as an error toast each time a query fails (isError turns true), once: the
 * toast id is the message, so a refetch failing again while it shows does not stack a second.
 */
export function useErrorToast(isError: boolean, message: string): void {
  useEffect(() => {
    if (isError) toast.error(message, { toastId: message });
  }, [isError, message]);
}
