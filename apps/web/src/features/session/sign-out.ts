import { apiRequest } from '../../lib/api-request';
import type { AppDispatch } from '../../lib/store-hooks';
import { cartActions } from '../cart/cart-slice';
import { userActions } from './user-slice';
import { clearStoredSession } from './restore-session';

/** Revokes the session on the server (best effort), then clears the stored session and local storage. */
export async function signOut(dispatch: AppDispatch): Promise<void> {
  await apiRequest({ url: '/users/signout', method: 'POST' }).catch(() => undefined);
  clearStoredSession();
  dispatch(userActions.clearUser());
  dispatch(cartActions.clear());
  // The RTK Query cache is loaded with the screens that use it; reset it only if it is there.
  const { api } = await import('../../lib/api');
  dispatch(api.util.resetApiState());
}
