import { useDispatch, useSelector } from 'react-redux';

/**
 * Filled in by app/store.ts, the one module that knows every slice, by declaration merging
 * (`declare module '../lib/store-hooks'`). Features and lib get a typed state and dispatch
 * without importing app/, so imports only run one way.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface StoreRegistry {}

type RegisteredStore = StoreRegistry extends { store: infer S extends { getState(): unknown; dispatch: unknown } } ? S : never;

export type RootState = ReturnType<RegisteredStore['getState']>;
export type AppDispatch = RegisteredStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
