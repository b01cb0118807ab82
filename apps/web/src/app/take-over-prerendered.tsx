import { startTransition, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { createBrowserRouter } from 'react-router';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * A prerendered page (apps/web/build/prerender.ts) arrives as HTML marked `data-prerendered`,
 * visible at once, with a transparent layer (#boot-shield) over it until the app is ready. The app
 * hydrates it (attaches to the DOM that is there instead of rebuilding it, in small slices of
 * work) once the router has loaded the page's lazy module, then lifts the layer.
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

declare global {
  interface Window {
    /** The first tap boot.js caught on the layer before the app took over. */
    __lbsPendingTap?: { target: Element; x: number; y: number };
  }
}

const CONTROLS = 'a[href], button, [role="button"], input, select, textarea, label';

/**
 * Replays the tap boot.js kept: on the same element when hydration kept it (it normally does),
 * else on whatever control is now at the same point (a signed-in visitor's header is rendered
 * afresh). Fields get the focus a tap would give; everything else is clicked.
 */
function replayPendingTap(): void {
  const tap = window.__lbsPendingTap;
  delete window.__lbsPendingTap;
  if (!tap) return;
  const target = tap.target.isConnected ? tap.target : document.elementFromPoint(tap.x, tap.y)?.closest(CONTROLS);
  if (!(target instanceof HTMLElement)) return;
  if (target.matches('input, select, textarea')) target.focus();
  else target.click();
}

function Interactive({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    // Removing one fixed layer costs the browser next to nothing (toggling `inert` on the root
    // would restyle the whole page at the busiest moment of start-up).
    document.getElementById('boot-shield')?.remove();
    container.removeAttribute('data-prerendered');
    // A task later: clicked from inside this effect the tap reached no handler (React is still
    // finishing the hydration commit); a task later it does (e2e/specs/first-tap.e2e.ts).
    setTimeout(replayPendingTap, 0);
  }, [container]);
  return children;
}

// The page was rendered for a visitor; for someone signed in (header, cart badge) the HTML
// differs, and React renders those parts afresh. That is expected, not an error to report.
// Production builds carry only the error number: 418 (HTML differs), 419, 421-423, 425 (text).
const isHydrationMismatch = (error: unknown) =>
  error instanceof Error && /hydrat|server rendered|did not match|React error #4(18|19|21|22|23|25)\b/i.test(error.message);

export function hydratePrerendered(container: HTMLElement, app: ReactNode): void {
  // As a transition, hydration works in short slices and lets the browser respond in between.
  startTransition(() => {
    hydrateRoot(container, <Interactive container={container}>{app}</Interactive>, {
      onRecoverableError(error) {
        if (!isHydrationMismatch(error)) console.error(error);
      },
    });
  });
}
