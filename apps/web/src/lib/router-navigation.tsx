import { useMemo, type ComponentType, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { NavigationContext, type Navigation, type NavLinkProps } from './navigation';

/**
 * Gives lib/navigation's components React Router's own links, location and navigate. `loading`
 * comes from the data router (router.tsx); a plain <MemoryRouter> in a test has none.
 */
export function RouterNavigation({ loading = false, children }: { loading?: boolean; children: ReactNode }) {
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const value = useMemo<Navigation>(
    () => ({ pathname, hash, navigate, loading, Link, NavLink: NavLink as ComponentType<NavLinkProps> }),
    [pathname, hash, navigate, loading],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}
