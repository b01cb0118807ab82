import type { NotificationAudience } from '@lbs/domain/admin-queries';
import type { TAdminNotification, TAdminNotificationPage, TMarkReadResult } from '@lbs/domain/admin-responses';
import { api } from '../../lib/api';

export type AdminNotification = TAdminNotification;

/**
 * Sets the flags on the rows of one cached page of the admins' feed (the only one admins mark):
 * the spec updates the list locally after a call.
 */
function patchRows(page: number, ids: readonly string[], set: Partial<Pick<AdminNotification, 'is_read' | 'is_done'>>) {
  return adminNotificationsApi.util.updateQueryData('adminNotifications', { page, audience: 'admins' }, (draft) => {
    for (const row of draft.items) if (ids.includes(row._id)) Object.assign(row, set);
  });
}

const adminNotificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The admins' feed or customers' notifications, newest first, ten a page (GET /notification/admin/all). */
    adminNotifications: build.query<TAdminNotificationPage, { page: number; audience: NotificationAudience }>({
      query: ({ page, audience }) => ({ url: '/notification/admin/all', params: audience === 'admins' ? { page } : { page, audience } }),
      // A new notification for the admins (the live stream) reloads the table.
      providesTags: ['Notifications'],
    }),
    /** One row of the admins' feed read or done, for every admin (PATCH /notification/:id/:flag). */
    adminMarkNotification: build.mutation<unknown, { id: string; flag: 'read' | 'done'; page: number }>({
      query: ({ id, flag }) => ({ url: `/notification/${encodeURIComponent(id)}/${flag}`, method: 'PATCH' }),
      async onQueryStarted({ id, flag, page }, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true, () => false)) {
          dispatch(patchRows(page, [id], flag === 'read' ? { is_read: true } : { is_done: true }));
        }
      },
    }),
    /** PATCH /notification/read {ids}: up to a page's worth of the admins' feed at once. */
    markNotificationsRead: build.mutation<TMarkReadResult, { ids: string[]; page: number }>({
      query: ({ ids }) => ({ url: '/notification/read', method: 'PATCH', body: { ids } }),
      async onQueryStarted({ ids, page }, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true, () => false)) dispatch(patchRows(page, ids, { is_read: true }));
      },
    }),
  }),
});

export const { useAdminNotificationsQuery, useAdminMarkNotificationMutation, useMarkNotificationsReadMutation } = adminNotificationsApi;
