import { useEffect } from 'react';
import { MSG } from '@lbs/domain/messages';
import { onSessionEnded } from '../../lib/session-ended';
import { STORAGE_KEYS, storage } from '../../lib/storage';
import type { AppDispatch } from '../../lib/store-hooks';
import { useAppDispatch } from '../../lib/store-hooks';
import { userActions } from './user-slice';

/**
 * A session that ended elsewhere: forget it here too. The stored user and token go (the cart and
 * the menu choices stay, unlike a sign-out), the cached lists go with them, and the account guard
 * (RequireUser) then sends the person to /login remembering where they were; the login returns
 * there. On a public page nothing navigates: the header simply shows them signed out.
 */
export async function endSession(dispatch: AppDispatch): Promise<void> {
  storage.remove(STORAGE_KEYS.user);
  storage.remove(STORAGE_KEYS.token);
  dispatch(userActions.clearUser());
  const [{ api }, { toast }] = await Promise.all([import('../../lib/api'), import('react-toastify')]);
  dispatch(api.util.resetApiState());
  toast.info(MSG.sessionEnded, { toastId: 'session-ended' });
}

/** Mounted once in the root layout: every 401 on a signed-in call ends the session (lib/session-ended). */
export function useEndSessionOn401(): void {
  const dispatch = useAppDispatch();
  useEffect(() => onSessionEnded(() => void endSession(dispatch)), [dispatch]);
}
