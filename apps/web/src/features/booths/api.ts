import type { TBooth, TBoothPage, TBoothRenameBody } from '@lbs/domain/booths';
import { api } from '../../lib/api';

export type Booth = TBooth;

const boothsApi = api.injectEndpoints({
  endpoints: (build) => ({
    booths: build.query<TBoothPage, { page: number }>({
      query: ({ page }) => ({ url: '/booths', params: { page } }),
      providesTags: ['Booths'],
    }),
    // A new name shows in this list and in the admin's licence list (its Device column).
    renameBooth: build.mutation<TBooth, TBoothRenameBody>({
      query: (body) => ({ url: '/booths/rename', method: 'POST', body }),
      invalidatesTags: ['Booths', 'Licenses'],
    }),
  }),
});

export const { useBoothsQuery, useRenameBoothMutation } = boothsApi;
