import type { PromotionLookup } from '@lbs/domain/promo';
import type { TOnePaymentBody, TShippingRatesBody } from '@lbs/domain/schemas';
import { api } from '../../lib/api';

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    shippingRate: build.mutation<{ fee: number }, TShippingRatesBody>({
      query: (body) => ({ url: '/shipping/rates', method: 'POST', body }),
    }),
    promotionByCode: build.query<PromotionLookup, string>({
      query: (code) => `/voucher/promotion/code/${encodeURIComponent(code)}`,
      // A code's state changes (used up, switched off): always ask again.
      keepUnusedDataFor: 0,
    }),
    createOnePaymentSession: build.mutation<{ url: string }, TOnePaymentBody>({
      query: (body) => ({ url: '/subscriptions/create-checkout-session/one-payment', method: 'POST', body }),
    }),
  }),
});

export const { useShippingRateMutation, useLazyPromotionByCodeQuery, useCreateOnePaymentSessionMutation } = checkoutApi;
