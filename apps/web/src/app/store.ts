import { configureStore } from '@reduxjs/toolkit';
import { dynamicMiddleware, rootReducer } from '../lib/store-registry';
import { userSlice } from '../features/session/user-slice';
import { cartSlice, initialCartState } from '../features/cart/cart-slice';
import { notificationSlice } from '../features/notifications/notification-slice';
import { uiSlice } from './ui-slice';
import { readStoredSession } from '../features/session/restore-session';

// The spec's four state areas; the RTK Query cache joins later (lib/api.ts).
const reducer = rootReducer.inject(userSlice).inject(cartSlice).inject(notificationSlice).inject(uiSlice);

type StaticState = {
  user: ReturnType<typeof userSlice.reducer>;
  cart: ReturnType<typeof cartSlice.reducer>;
  notification: ReturnType<typeof notificationSlice.reducer>;
  ui: ReturnType<typeof uiSlice.reducer>;
};

export function createStore() {
  const restored = readStoredSession();
  const preloadedState: StaticState = {
    user: { ...userSlice.getInitialState(), ...restored.state },
    cart: initialCartState(),
    notification: notificationSlice.getInitialState(),
    ui: uiSlice.getInitialState(),
  };
  const store = configureStore({
    reducer: reducer as unknown as (state: StaticState | undefined, action: { type: string }) => StaticState,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
  });
  return { store, userWasCorrupt: restored.userWasCorrupt };
}

export type AppStore = ReturnType<typeof createStore>['store'];
export type RootState = StaticState;
export type AppDispatch = AppStore['dispatch'];

// Gives lib/store-hooks (useAppSelector, useAppDispatch) this store's types.
declare module '../lib/store-hooks' {
  interface StoreRegistry {
    store: AppStore;
  }
}
