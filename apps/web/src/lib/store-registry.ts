import { combineSlices, createDynamicMiddleware } from '@reduxjs/toolkit';

/**
 * The root reducer and middleware are open for late additions, so heavy parts (the RTK Query
 * API) join the store when a screen that needs them loads, not on the landing page.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices().withLazyLoadedSlices<LazyLoadedSlices>();
export const dynamicMiddleware = createDynamicMiddleware();
