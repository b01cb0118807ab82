import type { TCreated } from '@lbs/domain/responses';
import type { TContactBody } from '@lbs/domain/schemas';
import { api } from '../../lib/api';

const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<TCreated, TContactBody>({
      query: (body) => ({ url: '/admin/contact', method: 'POST', body }),
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;
