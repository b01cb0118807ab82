import { configureStore } from '@reduxjs/toolkit';
import { dynamicMiddleware, rootReducer } from '../lib/store-registry';
import { userSlice } from '../features/session/user-slice';
import { cartSlice, initialCartState } from '../features/cart/cart-slice';
import { notificationSlice } from '../features/notifications/notification-slice';
import { readStoredSession } from '../features/session/restore-session';

// The session, the cart and the notifications; the RTK Query cache joins later (lib/api.ts).
const reducer = rootReducer.inject(userSlice).inject(cartSlice).inject(notificationSlice);

type StaticState = {
  user: ReturnType<typeof userSlice.reducer>;
  cart: ReturnType<typeof cartSlice.reducer>;
  notification: ReturnType<typeof notificationSlice.reducer>;
};

export function createStore() {
  const restored = readStoredSession();
  const preloadedState: StaticState = {
    user: { ...userSlice.getInitialState(), ...restored.state },
    cart: initialCartState(),
    notification: notificationSlice.getInitialState(),
  };
  const store = configureStore({
    reducer: reducer as unknown as (state: StaticState | undefined, action: { type: string }) => StaticState,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
  });
  return { store, userWasCorrupt: restored.userWasCorrupt };
}

type AppStore = ReturnType<typeof createStore>['store'];

// Gives lib/store-hooks (useAppSelector, useAppDispatch) this store's types.
declare module '../lib/store-hooks' {
  interface StoreRegistry {
    store: AppStore;
  }
}
