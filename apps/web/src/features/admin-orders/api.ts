import type { TAdminOrderPage, TOrderShipResult } from '@lbs/domain/admin-responses';
import type { PaymentStatus, TCancelOrderBody, TRefundBody, TRefundJson } from '@lbs/domain/refunds';
import type { TOrder } from '@lbs/domain/responses';
import type { TOrderShipBody, TOrderUpdateBody } from '@lbs/domain/schemas';
import type { OrderFilterStatus } from '@lbs/domain/statuses';
import { api } from '../../lib/api';

interface AdminOrderArgs {
  page: number;
  q?: string;
  status?: OrderFilterStatus;
  /** A payment state; left out, every order that was paid. */
  payment?: PaymentStatus;
  /** YYYY-MM-DD, both days included (the server counts in its business time zone). */
  from?: string;
  to?: string;
}

const REFUND_TOUCHES = ['Orders', 'Refunds', 'CreditNotes', 'Invoices', 'Licenses', 'Booths', 'Notifications', 'Reports'] as const;

const adminOrdersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /order/admin/all: every paid order, newest first, paged and filtered on the server. */
    adminOrders: build.query<TAdminOrderPage, AdminOrderArgs>({
      query: ({ page, q, status, payment, from, to }) => ({
        url: '/order/admin/all',
        params: { page, q: q || undefined, status, payment, from: from || undefined, to: to || undefined },
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
    /** GET /order/admin/{orderId}/refunds: the order's refunds, newest first. */
    orderRefunds: build.query<{ items: TRefundJson[] }, number>({
      query: (orderId) => `/order/admin/${orderId}/refunds`,
      providesTags: ['Refunds'],
    }),
    /**
     * POST /order/admin/{orderId}/refunds. Money going back touches the order, its refunds, the
     * credit notes, the keys it revoked, the customer's notifications and the reports.
     */
    refundOrder: build.mutation<TRefundJson, { orderId: number; body: TRefundBody }>({
      query: ({ orderId, body }) => ({ url: `/order/admin/${orderId}/refunds`, method: 'POST', body }),
      invalidatesTags: REFUND_TOUCHES,
    }),
    /** POST /order/admin/{orderId}/cancel: an unpaid order's checkout closed, or a paid one refunded in full. */
    cancelOrder: build.mutation<{ order: TOrder; refund: TRefundJson | null }, { orderId: number; body: TCancelOrderBody }>({
      query: ({ orderId, body }) => ({ url: `/order/admin/${orderId}/cancel`, method: 'POST', body }),
      invalidatesTags: REFUND_TOUCHES,
    }),
  }),
});

export const {
  useAdminOrdersQuery,
  useUpdateOrderMutation,
  useShipOrdersMutation,
  useOrderRefundsQuery,
  useRefundOrderMutation,
  useCancelOrderMutation,
} = adminOrdersApi;

/** The refunds of the order a refund dialog is open on (null: none), for its preview. */
export function useOpenOrderRefunds(orderId: number | null) {
  return useOrderRefundsQuery(orderId ?? 0, { skip: orderId === null }).data?.items;
}
