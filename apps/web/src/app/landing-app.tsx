import { useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { NavigationContext, type LinkProps, type Navigation, type NavigateOptions, type NavLinkProps } from '../lib/navigation';
import { RootLayout } from './layouts/root-layout';
import { LandingPage } from '../features/marketing/pages/landing-page';

/** Where the app starts without React Router: the prerendered landing page (main.tsx). */
export const isLandingPath = (pathname: string) => pathname === '/';

// React Router's click rule: a plain left click on a link without a target navigates in the app;
// anything else (a new tab, a download) is the browser's.
const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  !event.defaultPrevented &&
  event.button === 0 &&
  (!event.currentTarget.target || event.currentTarget.target === '_self') &&
  !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

// NavLink's rule for "this link is the current page".
const isActiveLink = (pathname: string, to: string, end?: boolean) => {
  const target = to.split(/[?#]/)[0] || '/';
  return pathname === target || (!end && target !== '/' && pathname.startsWith(target) && pathname.charAt(target.length) === '/');
};

/**
 * The landing page's stand-in for React Router (lib/navigation): links render as React Router
 * renders them (the prerendered HTML is hydrated as it is), and the first navigation loads the
 * router and the route table (app/routed-app.tsx), hands the page over to them and navigates.
 */
function landingNavigation(navigate: Navigation['navigate']): Navigation {
  const pathname = window.location.pathname;
  function Link({ to, replace, onClick, ...rest }: LinkProps) {
    return (
      <a
        {...rest}
        href={to}
        data-discover="true"
        onClick={(event) => {
          onClick?.(event);
          if (!isPlainClick(event)) return;
          event.preventDefault();
          navigate(to, { replace });
        }}
      />
    );
  }
  function NavLink({ className, end, ...rest }: NavLinkProps) {
    const isActive = isActiveLink(pathname, rest.to, end);
    const classes = typeof className === 'function' ? className({ isActive }) : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined;
    // Attributes in React Router's order, so the markup is the prerendered one to the byte.
    return <Link {...rest} aria-current={isActive ? 'page' : undefined} className={classes} />;
  }
  return { pathname, hash: window.location.hash, navigate, loading: false, Link, NavLink };
}

export function LandingApp() {
  const [routed, setRouted] = useState<ReactNode>(null);
  const navigation = useMemo(() => {
    let router: Promise<{ navigate: (to: string, options?: NavigateOptions) => unknown }> | undefined;
    return landingNavigation((to, options) => {
      router ??= import('./routed-app').then(({ createAppRouter, RoutedApp }) => {
        const created = createAppRouter();
        setRouted(<RoutedApp router={created} />);
        return created;
      });
      void router.then((r) => r.navigate(to, options));
    });
  }, []);
  if (routed) return routed;
  return (
    <NavigationContext.Provider value={navigation}>
      <RootLayout>
        <LandingPage />
      </RootLayout>
    </NavigationContext.Provider>
  );
}
