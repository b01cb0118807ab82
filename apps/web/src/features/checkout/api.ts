import type {
  TCheckoutSession,
  TOrder,
  TPromotionLookup,
  TShippingQuote,
} from '@lbs/domain/responses';
import type { TOnePaymentBody, TShippingRatesBody } from '@lbs/domain/schemas';
import { api } from '../../lib/api';

const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    shippingRate: build.mutation<TShippingQuote, TShippingRatesBody>({
      query: (body) => ({ url: '/shipping/rates', method: 'POST', body }),
    }),
    promotionByCode: build.query<TPromotionLookup, string>({
      query: (code) => `/voucher/promotion/code/${encodeURIComponent(code)}`,
      // A code's state changes (used up, switched off): always ask again.
      keepUnusedDataFor: 0,
    }),
    /** The caller's order behind a payment session (the success page). */
    checkoutOrder: build.query<TOrder, string>({
      query: (sessionId) => `/order/checkout/${encodeURIComponent(sessionId)}`,
      keepUnusedDataFor: 0,
    }),
    createOnePaymentSession: build.mutation<TCheckoutSession, TOnePaymentBody>({
      query: (body) => ({
        url: '/subscriptions/create-checkout-session/one-payment',
        method: 'POST',
        body,
      }),
    }),
  }),
});

export const {
  useShippingRateMutation,
  useLazyPromotionByCodeQuery,
  useCreateOnePaymentSessionMutation,
  useCheckoutOrderQuery,
} = checkoutApi;
