import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType } from 'react';

/**
 * The part of the router the site frame and the landing page use: links, the current path,
 * navigate and "a page is loading". The landing page starts without React Router (its code, the
 * route table and every route's code load on the first navigation, docs/decisions/0005), so these
 * components take it from this context: on the landing page a small stand-in
 * (app/landing-app.tsx), everywhere else React Router itself (lib/router-navigation.tsx).
 */
export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };
export type NavLinkProps = Omit<LinkProps, 'className'> & {
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
};
export type NavigateOptions = { replace?: boolean };

export type Navigation = {
  pathname: string;
  hash: string;
  navigate: (to: string, options?: NavigateOptions) => void;
  /** A navigation is waiting for its page's code or data. */
  loading: boolean;
  Link: ComponentType<LinkProps>;
  NavLink: ComponentType<NavLinkProps>;
};

export const NavigationContext = createContext<Navigation | null>(null);

function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('lib/navigation: no NavigationContext (render inside the router or the landing app)');
  return navigation;
}

export function Link(props: LinkProps) {
  const { Link: Impl } = useNavigation();
  return <Impl {...props} />;
}

export function NavLink(props: NavLinkProps) {
  const { NavLink: Impl } = useNavigation();
  return <Impl {...props} />;
}

export function useNavigate(): Navigation['navigate'] {
  return useNavigation().navigate;
}

export function useLocation(): { pathname: string; hash: string } {
  const { pathname, hash } = useNavigation();
  return { pathname, hash };
}

export function useNavigationLoading(): boolean {
  return useNavigation().loading;
}
