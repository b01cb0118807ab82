import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import './index.css';
import { createStore } from './app/store';
import { createRouter } from './app/router';
import { DeferredToasts } from './app/deferred-toasts';
import { markUserCorruptAtStart } from './features/session/startup-flags';
import { hydratePrerendered, isPrerendered, routerReady } from './app/take-over-prerendered';
import { preloadFooter } from './app/layouts/root-layout';

const { store, userWasCorrupt } = createStore();
markUserCorruptAtStart(userWasCorrupt);
const router = createRouter();

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
      <DeferredToasts />
    </Provider>
  </StrictMode>
);
if (isPrerendered(container)) {
  await Promise.all([routerReady(router), preloadFooter()]);
  hydratePrerendered(container, app);
} else {
  createRoot(container).render(app);
}
