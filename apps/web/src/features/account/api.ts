import { api } from '../../lib/api';
import type { SessionUser } from '../session/user-slice';

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

export interface Licence {
  _id: string;
  license_key: string;
  type: 'day' | 'month' | 'year' | 'onetime' | 'custom';
  email: string;
  device_number: string | null;
  device_bound_at: string | null;
  create_date: string;
  expire_date: string | null;
  is_expired: boolean;
  revoked: boolean;
  order_id: number | null;
  device_resets_left: number | null;
}

export type LicenceMode = 'CURRENT' | 'PAST';

export interface Invoice {
  invoice_no: number;
  order_id: number | null;
  invoice_url: string;
  created_at: string;
  total: number;
  currency: string;
}

export interface ShippingInfo {
  name: string;
  email: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export interface Order {
  order_id: number;
  status: string;
  payment_status: string;
  created_at: string;
  paid_at: string | null;
  email: string;
  shipping_info: ShippingInfo | null;
  products: Array<{ product_id: number; name: string; quantity: number; price: number }>;
  track_num: string;
  track_url: string;
  carrier_name: string;
  estimate_date: string;
  subtotal: number;
  shipping_fee: number;
  discount: number;
  total: number;
  currency: string;
}

export type ProfileUser = SessionUser & { pending_email: string | null };

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    licenceCheck: build.query<{ has_license: boolean; current_count: number }, void>({
      query: () => '/subscriptions/licenses/current',
      providesTags: ['Licenses'],
    }),
    licences: build.query<Paged<Licence>, { mode: LicenceMode; page: number }>({
      query: ({ mode, page }) => ({ url: '/subscriptions/licenses', params: { mode, page } }),
      providesTags: ['Licenses'],
    }),
    resetDevice: build.mutation<Licence, string>({
      query: (id) => ({ url: `/subscriptions/licenses/${encodeURIComponent(id)}/reset-device`, method: 'POST' }),
      invalidatesTags: ['Licenses'],
    }),
    invoices: build.query<Paged<Invoice>, { page: number }>({
      query: ({ page }) => ({ url: '/invoice', params: { page } }),
      providesTags: ['Invoices'],
    }),
    orders: build.query<Paged<Order>, { userId: number; page: number }>({
      query: ({ userId, page }) => ({ url: `/order/user/${userId}`, params: { page } }),
      providesTags: ['Orders'],
    }),
    updateProfile: build.mutation<ProfileUser, { id: number; email: string; first_name: string; last_name: string }>({
      query: ({ id, ...body }) => ({ url: `/users/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Me'],
    }),
    changePassword: build.mutation<unknown, { email: string; new_pwd: string; current_pwd: string }>({
      query: (body) => ({ url: '/users/reset-password', method: 'POST', body }),
    }),
  }),
});

export const {
  useLicenceCheckQuery,
  useLicencesQuery,
  useResetDeviceMutation,
  useInvoicesQuery,
  useOrdersQuery,
  useUpdateProfileMutation,
  useChangePasswordMutation,
} = accountApi;
