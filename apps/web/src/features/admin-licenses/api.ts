import type { LicenseAdminStatus } from '@lbs/domain/license-terms';
import type { TLicense, TLicensePage } from '@lbs/domain/responses';
import type { TLicenseCreateBody } from '@lbs/domain/schemas';
import { api } from '../../lib/api';

export type AdminLicense = TLicense;

interface LicenseFilters {
  q: string;
  status: LicenseAdminStatus | '';
  /** 'in_grace': the licences whose automatic renewal is due and unpaid. */
  renewal?: 'in_grace' | '';
}

const adminLicensesApi = api.injectEndpoints({
  endpoints: (build) => ({
    allLicenses: build.query<TLicensePage, LicenseFilters & { page: number }>({
      query: ({ page, q, status, renewal }) => ({
        url: '/subscriptions/licenses/admin/all',
        params: { page, q: q || undefined, status: status || undefined, renewal: renewal || undefined },
      }),
      providesTags: ['Licenses'],
    }),
    emailSuggestions: build.query<{ emails: string[] }, string>({
      query: (typed) => ({ url: '/users/email', params: { query: typed } }),
    }),
    // A licence changes the customer's own lists and the Users licence count as well.
    generateLicense: build.mutation<TLicense, TLicenseCreateBody>({
      query: (body) => ({ url: '/subscriptions/licenses', method: 'POST', body }),
      invalidatesTags: ['Licenses', 'Users'],
    }),
    revokeLicense: build.mutation<TLicense, string>({
      query: (id) => ({ url: '/subscriptions/licenses', method: 'PUT', body: { license_id: id, mode: 'revoke' } }),
      invalidatesTags: ['Licenses', 'Users'],
    }),
    // Off only: turning renewal on is the holder's (it charges their card).
    turnOffRenewal: build.mutation<TLicense, { id: string; reason?: string }>({
      query: ({ id, reason }) => ({ url: `/admin/licenses/${id}/auto-renew`, method: 'PUT', body: { auto_renew: false, reason } }),
      invalidatesTags: ['Licenses', 'Users'],
    }),
  }),
});

export const { useAllLicensesQuery, useEmailSuggestionsQuery, useGenerateLicenseMutation, useRevokeLicenseMutation, useTurnOffRenewalMutation } = adminLicensesApi;
