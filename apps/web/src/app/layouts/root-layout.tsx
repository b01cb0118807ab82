import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation, useNavigationLoading } from '../../lib/navigation';
import { LoadingOverlay } from '../../components/ui/loading-overlay';
import { isAccountArea, isBareScreen, screenTitle } from '../../config/paths';
import { SiteHeader } from './site-header';
import { trackPageView } from '../../lib/page-views';
import { useSessionBootstrap } from '../../features/session/use-session-bootstrap';
import { useEndSessionOn401 } from '../../features/session/end-session-on-401';
import { usePendingCartItem } from '../use-pending-cart-item';

// The footer is below the fold on every page that shows it, so it loads after first paint.
type FooterModule = typeof import('./site-footer');
let footerModule: FooterModule | undefined;
/**
 * A prerendered page already shows its footer, so the app loads the footer before it takes over.
 * React.lazy then gets a thenable that resolves at once and renders the footer in the first pass
 * instead of blanking it while the chunk loads.
 */
export const preloadFooter = () =>
  import('./site-footer').then((m) => {
    footerModule = m;
  });
const SiteFooter = lazy(() => {
  const loaded = footerModule;
  if (loaded) {
    return { then: (resolve: (m: { default: FooterModule['SiteFooter'] }) => void) => resolve({ default: loaded.SiteFooter }) } as Promise<{
      default: FooterModule['SiteFooter'];
    }>;
  }
  return import('./site-footer').then((m) => ({ default: m.SiteFooter }));
});

/** Scrolls smoothly to the top on each navigation; a #hash scrolls to its anchor (100px offset). */
function useScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      const el = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (el) {
        window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - 100, behavior: 'smooth' });
        return;
      }
    }
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname, hash]);
}

/** Every screen has its own tab title; public pages set theirs (and a description) themselves. */
function useScreenTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = screenTitle(pathname);
    if (title) document.title = title;
  }, [pathname]);
}

// The landing page hands over to the router on its first navigation, which mounts this layout
// afresh on the same path: that is not a second view of the page.
let lastViewed: string | undefined;
function usePageViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === lastViewed) return;
    lastViewed = pathname;
    trackPageView(pathname);
  }, [pathname]);
}

/**
 * The frame of every screen: header and footer where the spec shows them, the loading overlay,
 * scroll-to-top and page views. `children` is the page (the router's outlet, or the landing page).
 */
export function RootLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const loading = useNavigationLoading();
  useSessionBootstrap();
  useEndSessionOn401();
  useScrollOnNavigate();
  usePageViews();
  useScreenTitle();
  usePendingCartItem();

  const bare = isBareScreen(pathname);
  const accounts = isAccountArea(pathname);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      {bare ? null : <SiteHeader className={accounts ? 'lg:hidden' : ''} />}
      <main id="main" className="flex-1">
        <Suspense fallback={<LoadingOverlay />}>
          {children}
        </Suspense>
      </main>
      {bare ? null : (
        // Under /accounts the site frame shows on small screens only (on wide screens the
        // account panel is a modal over the site).
        <div className={accounts ? 'lg:hidden' : undefined}>
          <Suspense fallback={null}>
            <SiteFooter />
          </Suspense>
        </div>
      )}
      {loading ? <LoadingOverlay /> : null}
    </div>
  );
}
