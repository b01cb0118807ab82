import type {
  TOfflineActivationAnswer,
  TOfflineActivationBody,
} from '@lbs/domain/offline-activation';
import { api } from '../../lib/api';

const boothsOfflineApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The key's owner answers for their own keys; an admin, through the admin route, for any key.
    // Either binds the device, so the customer's licence lists change, and the booth joins (or,
    // bound again, updates) their Booths list.
    activateOffline: build.mutation<
      TOfflineActivationAnswer,
      TOfflineActivationBody & { asAdmin: boolean }
    >({
      query: ({ asAdmin, ...body }) => ({
        url: asAdmin ? '/admin/licenses/offline-activations' : '/licenses/offline-activations',
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Licenses', 'Booths'],
    }),
  }),
});

export const { useActivateOfflineMutation } = boothsOfflineApi;
