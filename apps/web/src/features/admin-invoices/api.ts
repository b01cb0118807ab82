import type { TAdminInvoicePage } from '@lbs/domain/admin-responses';
import { api } from '../../lib/api';

const adminInvoicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /invoice/admin/all: every invoice, newest first, paged on the server. */
    adminInvoices: build.query<TAdminInvoicePage, { page: number; q?: string }>({
      query: ({ page, q }) => ({ url: '/invoice/admin/all', params: { page, q: q || undefined } }),
      providesTags: ['Invoices'],
    }),
  }),
});

export const { useAdminInvoicesQuery } = adminInvoicesApi;
