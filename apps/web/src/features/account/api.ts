import type {
  TAppDownloadStatus,
  TAutoRenewAnswer,
  TCheckoutSession,
  TInvoicePage,
  TLicense,
  TLicenseCheck,
  TLicensePage,
  TMessage,
  TOrderPage,
  TUser,
} from '@lbs/domain/responses';
import type { TCreditNoteJson } from '@lbs/domain/refunds';
import type { Paged } from '@lbs/domain/responses';
import type { TPreferences } from '@lbs/domain/preferences';
import type { TAutoRenewBody } from '@lbs/domain/schemas';
import type { TCardRemovedAnswer, TCardSetupAnswer, TPaymentMethodAnswer } from '@lbs/domain/payment-cards';
import { api } from '../../lib/api';
import type { StripeRenewalPayment } from './hooks/stripe-renewal-payment';

export type License = TLicense;
export type LicenseMode = 'CURRENT' | 'PAST';

const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    licenseCheck: build.query<TLicenseCheck, void>({
      query: () => '/subscriptions/licenses/current',
      providesTags: ['Licenses'],
    }),
    licenses: build.query<TLicensePage, { mode: LicenseMode; page: number }>({
      query: ({ mode, page }) => ({ url: '/subscriptions/licenses', params: { mode, page } }),
      providesTags: ['Licenses'],
    }),
    resetDevice: build.mutation<TLicense, string>({
      query: (id) => ({ url: `/subscriptions/licenses/${encodeURIComponent(id)}/reset-device`, method: 'POST' }),
      invalidatesTags: ['Licenses'],
    }),
    /**
     * PUT /api/licenses/:id/auto-renew: off at once; on with the consent words shown. The answer's
     * `setup_url`, when the holder has no card in use, is the page that saves one and then turns it on.
     */
    turnAutoRenew: build.mutation<TAutoRenewAnswer, { id: string } & TAutoRenewBody>({
      query: ({ id, ...body }) => ({ url: `/licenses/${encodeURIComponent(id)}/auto-renew`, method: 'PUT', body }),
      invalidatesTags: ['Licenses'],
    }),
    /** POST /api/licenses/:id/renewal/pay: a link to pay the licence's open automatic renewal now, on session (on Stripe, its PaymentIntent for Stripe.js). */
    payRenewalNow: build.mutation<TCheckoutSession | StripeRenewalPayment, string>({
      query: (id) => ({ url: `/licenses/${encodeURIComponent(id)}/renewal/pay`, method: 'POST' }),
    }),
    /** GET /api/payment-methods/current: the card renewals charge (or none) and the licences that renew on it. */
    paymentMethod: build.query<TPaymentMethodAnswer, void>({
      query: () => '/payment-methods/current',
      // Tagged with the licences: turning a renewal on or off changes what the card renews.
      providesTags: ['Licenses'],
    }),
    /** POST /api/payment-methods/setup: the page where a new card is saved (Stripe's, or the local test page). */
    startCardSetup: build.mutation<TCardSetupAnswer, void>({
      query: () => ({ url: '/payment-methods/setup', method: 'POST' }),
    }),
    /** DELETE /api/payment-methods/current: the card removed, and every renewal that charged it off. */
    removeCard: build.mutation<TCardRemovedAnswer, void>({
      query: () => ({ url: '/payment-methods/current', method: 'DELETE' }),
      invalidatesTags: ['Licenses', 'Notifications'],
    }),
    preferences: build.query<TPreferences, void>({
      query: () => '/users/me/preferences',
      providesTags: ['Preferences'],
    }),
    updatePreferences: build.mutation<TPreferences, TPreferences>({
      query: (body) => ({ url: '/users/me/preferences', method: 'PUT', body }),
      // Shown at once (a ticked box stays ticked), put back if the server refuses; the answer,
      // the stored state, is what stays (a new time zone re-renders the account's dates).
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const patch = dispatch(accountApi.util.updateQueryData('preferences', undefined, () => body));
        try {
          const { data } = await queryFulfilled;
          dispatch(accountApi.util.upsertQueryData('preferences', undefined, data));
        } catch {
          patch.undo();
        }
      },
    }),
    appDownloadStatus: build.query<TAppDownloadStatus, void>({
      query: () => '/subscriptions/download-app/status',
    }),
    invoices: build.query<TInvoicePage, { page: number }>({
      query: ({ page }) => ({ url: '/invoice', params: { page } }),
      providesTags: ['Invoices'],
    }),
    /** GET /invoice/credit-notes: the customer's own credit notes, newest first. */
    creditNotes: build.query<Paged<TCreditNoteJson>, { page: number }>({
      query: ({ page }) => ({ url: '/invoice/credit-notes', params: { page } }),
      providesTags: ['CreditNotes'],
    }),
    orders: build.query<TOrderPage, { userId: number; page: number }>({
      query: ({ userId, page }) => ({ url: `/order/user/${userId}`, params: { page } }),
      providesTags: ['Orders'],
    }),
    updateProfile: build.mutation<TUser, { id: number; email: string; first_name: string; last_name: string }>({
      query: ({ id, ...body }) => ({ url: `/users/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Me'],
    }),
    changePassword: build.mutation<TMessage, { email: string; new_pwd: string; current_pwd: string }>({
      query: (body) => ({ url: '/users/reset-password', method: 'POST', body }),
    }),
  }),
});

export const {
  useLicenseCheckQuery,
  useLicensesQuery,
  useResetDeviceMutation,
  useTurnAutoRenewMutation,
  usePayRenewalNowMutation,
  usePaymentMethodQuery,
  useStartCardSetupMutation,
  useRemoveCardMutation,
  useAppDownloadStatusQuery,
  usePreferencesQuery,
  useUpdatePreferencesMutation,
  useInvoicesQuery,
  useCreditNotesQuery,
  useOrdersQuery,
  useUpdateProfileMutation,
  useChangePasswordMutation,
} = accountApi;
