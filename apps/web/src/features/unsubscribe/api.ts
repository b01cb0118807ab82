import type { CampaignKind, TUnsubscribeState } from '@lbs/domain/campaigns';
import { api } from '../../lib/api';

/** The unsubscribe link's page: no sign-in, the token in the link is the customer's. */
const unsubscribeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET: what the link would turn off; changes nothing. */
    unsubscribeState: build.query<TUnsubscribeState, { token: string; list: CampaignKind }>({
      query: ({ token, list }) => ({ url: `/unsubscribe/${encodeURIComponent(token)}`, params: { list } }),
    }),
    unsubscribe: build.mutation<TUnsubscribeState, { token: string; list: CampaignKind }>({
      query: ({ token, list }) => ({ url: `/unsubscribe/${encodeURIComponent(token)}`, method: 'POST', params: { list }, body: {} }),
      invalidatesTags: ['Preferences'],
    }),
  }),
});

export const { useUnsubscribeStateQuery, useUnsubscribeMutation } = unsubscribeApi;
