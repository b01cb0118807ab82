import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingOverlay } from '../components/ui/loading-overlay';
import { useAppSelector } from '../lib/store-hooks';
import { paths } from '../config/paths';

interface ReturnToState {
  from?: string;
}

/**
 * Guards /accounts/* and /shipping: with nobody signed in, go to /login and come back to where
 * the visitor was after login.
 */
export function RequireUser() {
  const { user, loading } = useAppSelector((s) => s.user);
  const location = useLocation();
  if (loading) return <LoadingOverlay />;
  if (!user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.login} replace state={{ from } satisfies ReturnToState} />;
  }
  return <Outlet />;
}
