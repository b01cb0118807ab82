import type { TAdminOrderPage, TOrderShipResult } from '@lbs/domain/admin-responses';
import type { TOrder } from '@lbs/domain/responses';
import type { TOrderShipBody, TOrderUpdateBody } from '@lbs/domain/schemas';
import type { OrderStatus } from '@lbs/domain/statuses';
import { api } from '../../lib/api';

interface AdminOrderArgs {
  page: number;
  q?: string;
  status?: OrderStatus;
  /** YYYY-MM-DD, both days included (the server counts in its business time zone). */
  from?: string;
  to?: string;
}

const adminOrdersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /order/admin/all: every paid order, newest first, paged and filtered on the server. */
    adminOrders: build.query<TAdminOrderPage, AdminOrderArgs>({
      query: ({ page, q, status, from, to }) => ({
        url: '/order/admin/all',
        params: { page, q: q || undefined, status, from: from || undefined, to: to || undefined },
      }),
      providesTags: ['Orders'],
    }),
    /** PUT /order/{orderId}: status and tracking; the lists showing orders reload. */
    updateOrder: build.mutation<TOrder, { orderId: number; body: TOrderUpdateBody }>({
      query: ({ orderId, body }) => ({ url: `/order/${orderId}`, method: 'PUT', body }),
      invalidatesTags: ['Orders'],
    }),
    /** POST /order/admin/ship: several orders shipped at once, an answer per order. */
    shipOrders: build.mutation<TOrderShipResult, TOrderShipBody>({
      query: (body) => ({ url: '/order/admin/ship', method: 'POST', body }),
      invalidatesTags: ['Orders'],
    }),
  }),
});

export const { useAdminOrdersQuery, useUpdateOrderMutation, useShipOrdersMutation } = adminOrdersApi;
