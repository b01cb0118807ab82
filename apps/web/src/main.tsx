import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import './index.css';
import { createStore } from './app/store';
import { createRouter } from './app/router';
import { DeferredToasts } from './app/deferred-toasts';
import { markUserCorruptAtStart } from './features/session/startup-flags';
import { isPrerendered, markInteractive, routerReady } from './app/take-over-prerendered';
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
const root = createRoot(container);
if (isPrerendered(container)) {
  await Promise.all([routerReady(router), preloadFooter()]);
  flushSync(() => root.render(app));
  markInteractive(container);
} else {
  root.render(app);
}
