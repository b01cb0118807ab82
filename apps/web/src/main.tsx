import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import './index.css';
import { createStore } from './app/store';
import { DeferredToasts } from './app/deferred-toasts';
import { markUserCorruptAtStart } from './features/session/startup-flags';
import { hydratePrerendered, isPrerendered } from './app/take-over-prerendered';
import { preloadFooter } from './app/layouts/root-layout';
import { isLandingPath, LandingApp } from './app/landing-app';

const { store, userWasCorrupt } = createStore();
markUserCorruptAtStart(userWasCorrupt);

const container = document.getElementById('root')!;
const withStore = (page: ReactNode) => (
  <StrictMode>
    <Provider store={store}>
      {page}
      <DeferredToasts />
    </Provider>
  </StrictMode>
);
if (isPrerendered(container) && isLandingPath(window.location.pathname)) {
  // The landing page starts without the router: it loads on the first navigation (docs/decisions/0005).
  // A tap held while the app starts (boot.js) is most often one that navigates (Purchase, Sign Up):
  // then the router loads now, beside the footer, instead of after the page has been taken over.
  if (window.__lbsPendingTap) void import('./app/routed-app');
  await preloadFooter();
  hydratePrerendered(container, withStore(<LandingApp />));
} else {
  const { createAppRouter, routerReady, RoutedApp } = await import('./app/routed-app');
  const router = createAppRouter();
  const app = withStore(<RoutedApp router={router} />);
  if (isPrerendered(container)) {
    await Promise.all([routerReady(router), preloadFooter()]);
    hydratePrerendered(container, app);
  } else {
    createRoot(container).render(app);
  }
}
