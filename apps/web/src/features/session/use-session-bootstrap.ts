import { useEffect } from 'react';
import { useNavigate } from '../../lib/navigation';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { apiRequest } from '../../lib/api-request';
import { isApiError } from '../../lib/api-error';
import { paths } from '../../config/paths';
import { userActions, type SessionUser } from './user-slice';
import { clearStoredSession } from './restore-session';
import { userWasCorruptAtStart } from './startup-flags';

/**
 * Runs once at start: a corrupt stored user sends the visitor to /login; a stored session is
 * confirmed with the server (a revoked or expired one is cleared); nobody stored ends loading.
 */
// Once per page load, not per mount: the landing page's layout is mounted again when it hands
// over to the router (app/landing-app.tsx).
let bootstrapped = false;

export function useSessionBootstrap(): void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const token = useAppSelector((s) => s.user.token);

  useEffect(() => {
    if (bootstrapped) return;
    bootstrapped = true;
    if (userWasCorruptAtStart()) {
      dispatch(userActions.clearUser());
      navigate(paths.login, { replace: true });
      return;
    }
    if (!token) {
      dispatch(userActions.setLoading(false));
      return;
    }
    apiRequest<{ user: SessionUser } | SessionUser>({ url: '/users/me' })
      .then((res) => {
        const user = 'user' in res ? res.user : res;
        dispatch(userActions.setUser(user));
      })
      .catch((e) => {
        if (isApiError(e) && e.status === 401) {
          clearStoredSession();
          dispatch(userActions.clearUser());
        } else {
          dispatch(userActions.setLoading(false));
        }
      });
  }, [dispatch, navigate, token]);
}
