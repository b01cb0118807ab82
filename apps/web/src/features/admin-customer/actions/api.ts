import type { TLicenseExtendBody, TLicenseReinstateBody, TLicenseSuspendBody } from '@lbs/domain/customer-actions';
import type { TLicense, TMessage } from '@lbs/domain/responses';
import { api } from '../../../lib/api';

const licenseAction = (id: string, action: string) => `/subscriptions/licenses/admin/${encodeURIComponent(id)}/${action}`;

/**
 * The customer page's actions. A licence change refreshes the licence lists, the fleet view and
 * the notifications (the customer page lists them under these tags); a resend changes nothing the
 * customer has, but its audit entry joins the page's timeline, which refetches with the tag given.
 */
const customerActionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    resendVerificationMail: build.mutation<TMessage, number>({
      query: (userId) => ({ url: `/users/admin/${userId}/resend-verification`, method: 'POST' }),
      invalidatesTags: ['Users'],
    }),
    resendOrderMail: build.mutation<TMessage, number>({
      query: (orderId) => ({ url: `/order/admin/${orderId}/resend-mail`, method: 'POST' }),
      invalidatesTags: ['Orders'],
    }),
    resendLicenseMail: build.mutation<TMessage, string>({
      query: (id) => ({ url: licenseAction(id, 'resend-mail'), method: 'POST' }),
      invalidatesTags: ['Licenses'],
    }),
    resetLicenseDeviceForCustomer: build.mutation<TLicense, string>({
      query: (id) => ({ url: licenseAction(id, 'reset-device'), method: 'POST' }),
      invalidatesTags: ['Licenses', 'Booths', 'Notifications'],
    }),
    extendLicense: build.mutation<TLicense, { id: string; body: TLicenseExtendBody }>({
      query: ({ id, body }) => ({ url: licenseAction(id, 'extend'), method: 'POST', body }),
      invalidatesTags: ['Licenses', 'Booths', 'Notifications'],
    }),
    suspendLicense: build.mutation<TLicense, { id: string; body: TLicenseSuspendBody }>({
      query: ({ id, body }) => ({ url: licenseAction(id, 'suspend'), method: 'POST', body }),
      invalidatesTags: ['Licenses', 'Booths', 'Notifications'],
    }),
    reinstateLicense: build.mutation<TLicense, { id: string; body: TLicenseReinstateBody }>({
      query: ({ id, body }) => ({ url: licenseAction(id, 'reinstate'), method: 'POST', body }),
      invalidatesTags: ['Licenses', 'Booths', 'Notifications'],
    }),
  }),
});

export const {
  useResendVerificationMailMutation,
  useResendOrderMailMutation,
  useResendLicenseMailMutation,
  useResetLicenseDeviceForCustomerMutation,
  useExtendLicenseMutation,
  useSuspendLicenseMutation,
  useReinstateLicenseMutation,
} = customerActionsApi;
