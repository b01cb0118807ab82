import type { TNotification, TNotificationPage } from '@lbs/domain/responses';
import { api } from '../../lib/api';

export type AppNotification = TNotification;

const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notifications: build.query<TNotificationPage, { userId: number; page: number }>({
      query: ({ userId, page }) => ({ url: `/notification/${userId}`, params: { page } }),
      providesTags: ['Notifications'],
    }),
    markNotification: build.mutation<TNotification, { id: string; flag: 'read' | 'done'; userId: number; page: number }>({
      query: ({ id, flag }) => ({ url: `/notification/${encodeURIComponent(id)}/${flag}`, method: 'PATCH' }),
      // The spec updates the row locally after a successful call, rather than reloading the list.
      async onQueryStarted({ userId, page }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          notificationsApi.util.updateQueryData('notifications', { userId, page }, (draft) => {
            const row = draft.items.find((n) => n._id === data._id);
            if (row && !row.is_read && data.is_read) draft.unread_count = Math.max(0, draft.unread_count - 1);
            if (row) Object.assign(row, data);
          }),
        );
      },
    }),
  }),
});

export const { useNotificationsQuery, useMarkNotificationMutation } = notificationsApi;
