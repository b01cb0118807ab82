import { useEffect } from 'react';

/**
 * Spec §8: report, analytics and notification failures are only logged; the user sees nothing
 * and the lists and charts stay empty. Logs each new error of a call once.
 */
export function useLoggedFailure(what: string, error: unknown): void {
  useEffect(() => {
    if (error) console.error(`${what} could not be loaded`, error);
  }, [what, error]);
}
