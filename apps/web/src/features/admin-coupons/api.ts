import type { Paged } from '@lbs/domain/paging';
import { PAGE_SIZE } from '@lbs/domain/paging';
import type { TCouponListItem, TPromotionListItem } from '@lbs/domain/admin-responses';
import type { TCoupon, TPromotion } from '@lbs/domain/responses';
import type { TCouponBody, TPromotionBody } from '@lbs/domain/schemas';
import { api } from '../../lib/api';

/** As the lists show them: with their paid redemptions and the discount given. */
export type Coupon = TCouponListItem;
export type Promotion = TPromotionListItem;

/** The back office's coupons and their promotion codes (server-paged, newest first). */
const couponsApi = api.injectEndpoints({
  endpoints: (build) => ({
    coupons: build.query<Paged<TCouponListItem>, { page: number }>({
      query: ({ page }) => ({ url: '/voucher/coupon', params: { page, page_size: PAGE_SIZE } }),
      providesTags: ['Coupons'],
    }),
    createCoupon: build.mutation<TCoupon, TCouponBody>({
      query: (body) => ({ url: '/voucher/coupon', method: 'POST', body }),
      invalidatesTags: ['Coupons'],
    }),
    deleteCoupon: build.mutation<void, string>({
      query: (id) => ({ url: `/voucher/coupon/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Coupons'],
    }),
    promotions: build.query<Paged<TPromotionListItem>, { couponId: string; page: number }>({
      query: ({ couponId, page }) => ({
        url: `/voucher/promotion/${encodeURIComponent(couponId)}`,
        params: { page, page_size: PAGE_SIZE },
      }),
      providesTags: ['Promotions'],
    }),
    createPromotion: build.mutation<TPromotion, TPromotionBody & { coupon_id: string }>({
      query: (body) => ({
        url: `/voucher/promotion/${encodeURIComponent(body.coupon_id)}`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Promotions'],
    }),
    setPromotionStatus: build.mutation<TPromotion, { id: string; active: boolean }>({
      query: ({ id, active }) => ({
        url: `/voucher/promotion/${encodeURIComponent(id)}/status`,
        method: 'PATCH',
        body: { active },
      }),
      invalidatesTags: ['Promotions'],
    }),
  }),
});

export const {
  useCouponsQuery,
  useCreateCouponMutation,
  useDeleteCouponMutation,
  usePromotionsQuery,
  useCreatePromotionMutation,
  useSetPromotionStatusMutation,
} = couponsApi;
