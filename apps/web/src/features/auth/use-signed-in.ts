import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../lib/store-hooks';
import { userActions } from '../session/user-slice';
import type { SessionResponse } from './api';

/** Stores the new session (token first, so the next call carries it) and goes on to `to`. */
export function useSignedIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    (res: SessionResponse, to: string) => {
      dispatch(userActions.setToken(res.access_token));
      dispatch(userActions.setUser(res.user));
      navigate(to, { replace: true });
    },
    [dispatch, navigate],
  );
}

/**
 * Where a login leads: back where the guard found the visitor, else checkout for /signin, else
 * the account overview. Only same-site paths are followed (no //host or scheme tricks).
 */
export function loginTarget(pathname: string, state: unknown, fallback: { signin: string; login: string }): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\')) return from;
  return pathname.startsWith('/signin') ? fallback.signin : fallback.login;
}
