import type { createBrowserRouter } from 'react-router';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * A prerendered page (apps/web/build/prerender.ts) arrives as HTML marked `data-prerendered`
 * and `inert`: visible at once, not yet clickable. The app renders over it only once the router
 * has loaded the page's lazy module, so the swap happens in one frame with nothing blank in
 * between; then the page becomes interactive.
 */
export function isPrerendered(container: HTMLElement): boolean {
  return container.hasAttribute('data-prerendered');
}

export function routerReady(router: Router): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) {
        unsubscribe();
        resolve();
      }
    });
  });
}

export function markInteractive(container: HTMLElement): void {
  container.removeAttribute('inert');
  container.removeAttribute('data-prerendered');
}
