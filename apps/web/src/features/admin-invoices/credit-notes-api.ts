import type { TCreditNoteJson } from '@lbs/domain/refunds';
import type { Paged } from '@lbs/domain/responses';
import { api } from '../../lib/api';

// Beside api.ts rather than in it: the credit notes list is its own part of the INVOICES tab.
const adminCreditNotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /invoice/admin/credit-notes: every customer's credit notes, newest first, paged on the server. */
    adminCreditNotes: build.query<Paged<TCreditNoteJson>, { page: number; q?: string }>({
      query: ({ page, q }) => ({ url: '/invoice/admin/credit-notes', params: { page, q: q || undefined } }),
      providesTags: ['CreditNotes'],
    }),
  }),
});

export const { useAdminCreditNotesQuery } = adminCreditNotesApi;
