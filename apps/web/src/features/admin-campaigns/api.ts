import type { CampaignKind, TAudienceCount, TCampaign, TCampaignDraft, TCampaignPage, TCampaignPreview } from '@lbs/domain/campaigns';
import { PAGE_SIZE } from '@lbs/domain/paging';
import type { TMessage } from '@lbs/domain/responses';
import { api } from '../../lib/api';

/** ANNOUNCEMENTS: the owner's campaigns (server-paged, newest first), their preview, test and send. */
const campaignsApi = api.injectEndpoints({
  endpoints: (build) => ({
    campaigns: build.query<TCampaignPage, { page: number }>({
      query: ({ page }) => ({ url: '/admin/campaigns', params: { page, page_size: PAGE_SIZE } }),
      providesTags: ['Campaigns'],
    }),
    audienceCount: build.query<TAudienceCount, CampaignKind>({
      query: (kind) => ({ url: '/admin/campaigns/audience-count', params: { kind } }),
      providesTags: ['Campaigns'],
    }),
    campaignPreview: build.query<TCampaignPreview, number>({
      query: (id) => ({ url: `/admin/campaigns/${id}/preview` }),
      providesTags: ['Campaigns'],
    }),
    createCampaign: build.mutation<TCampaign, TCampaignDraft>({
      query: (body) => ({ url: '/admin/campaigns', method: 'POST', body }),
      invalidatesTags: ['Campaigns'],
    }),
    updateCampaign: build.mutation<TCampaign, { id: number; body: TCampaignDraft }>({
      query: ({ id, body }) => ({ url: `/admin/campaigns/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Campaigns'],
    }),
    sendTestCampaign: build.mutation<TMessage, number>({
      query: (id) => ({ url: `/admin/campaigns/${id}/test`, method: 'POST' }),
    }),
    sendCampaign: build.mutation<TCampaign, number>({
      query: (id) => ({ url: `/admin/campaigns/${id}/send`, method: 'POST' }),
      invalidatesTags: ['Campaigns'],
    }),
  }),
});

export const {
  useCampaignsQuery,
  useAudienceCountQuery,
  useCampaignPreviewQuery,
  useCreateCampaignMutation,
  useUpdateCampaignMutation,
  useSendTestCampaignMutation,
  useSendCampaignMutation,
} = campaignsApi;
