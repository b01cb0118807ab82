import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { toApiError, type ApiError } from './api-error';
import { apiRequest, type RequestArgs } from './api-request';
import { dynamicMiddleware, rootReducer } from './store-registry';

const baseQuery: BaseQueryFn<RequestArgs | string, unknown, ApiError> = async (args) => {
  try {
    const data = await apiRequest(typeof args === 'string' ? { url: args } : args);
    return { data };
  } catch (e) {
    return { error: toApiError(e) };
  }
};

/** The one RTK Query API; each feature adds its endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Me', 'Licenses', 'Notifications', 'Invoices', 'Orders', 'Users', 'Coupons', 'Promotions', 'Reports', 'Preferences', 'Booths', 'Campaigns', 'Refunds', 'CreditNotes'],
  endpoints: () => ({}),
});

// Joins the store on first import (see store-registry).
rootReducer.inject({ reducerPath: api.reducerPath, reducer: api.reducer });
dynamicMiddleware.addMiddleware(api.middleware);
