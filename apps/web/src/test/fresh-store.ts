import { configureStore, type Reducer } from '@reduxjs/toolkit';
import { api } from '../lib/api';
import { dynamicMiddleware, rootReducer } from '../lib/store-registry';

/** A slice to join (userSlice, cartSlice…): its name and reducer, whatever its state. */
type Slice = { reducerPath: string; reducer: (state: never, action: never) => unknown };

/**
 * A store built as the app builds its own (the root reducer and its lazily joined parts, the API
 * among them), for a screen's test, with the RTK Query cache emptied: the API's slice lives in
 * module state, so without it a test would start with the answers of the test before. `slices`
 * joins the slices the screen reads (user, cart, notifications) and `preloadedState` fills them.
 */
export function freshStore({ slices = [], preloadedState }: { slices?: Slice[]; preloadedState?: Record<string, unknown> } = {}) {
  let reducer = rootReducer as unknown as { inject(slice: never): unknown };
  for (const slice of slices) reducer = reducer.inject(slice as never) as typeof reducer;
  const store = configureStore({
    reducer: reducer as unknown as Reducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
  });
  store.dispatch(api.util.resetApiState());
  return store;
}
