import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import './index.css';
import { createStore } from './app/store';
import { createRouter } from './app/router';
import { DeferredToasts } from './app/deferred-toasts';
import { markUserCorruptAtStart } from './features/session/startup-flags';

const { store, userWasCorrupt } = createStore();
markUserCorruptAtStart(userWasCorrupt);
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
      <DeferredToasts />
    </Provider>
  </StrictMode>,
);
