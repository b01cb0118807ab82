import type { TAdminNotification, TAdminNotificationPage, TMarkReadResult } from '@lbs/domain/admin-responses';
import { api } from '../../lib/api';

export type AdminNotification = TAdminNotification;

/** Sets the flags on the rows of one cached page: the spec updates the list locally after a call. */
function patchRows(page: number, ids: readonly string[], set: Partial<Pick<AdminNotification, 'is_read' | 'is_done'>>) {
  return adminNotificationsApi.util.updateQueryData('adminNotifications', { page }, (draft) => {
    for (const row of draft.items) if (ids.includes(row._id)) Object.assign(row, set);
  });
}

const adminNotificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every user's notifications, newest first, ten a page (GET /notification/admin/all). */
    adminNotifications: build.query<TAdminNotificationPage, { page: number }>({
      query: ({ page }) => ({ url: '/notification/admin/all', params: { page } }),
      // A new notification for this admin (the live stream) reloads the table.
      providesTags: ['Notifications'],
    }),
    adminMarkNotification: build.mutation<unknown, { id: string; flag: 'read' | 'done'; page: number }>({
      query: ({ id, flag }) => ({ url: `/notification/${encodeURIComponent(id)}/${flag}`, method: 'PATCH' }),
      async onQueryStarted({ id, flag, page }, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true, () => false)) {
          dispatch(patchRows(page, [id], flag === 'read' ? { is_read: true } : { is_done: true }));
        }
      },
    }),
    /** PATCH /notification/read {ids}: up to a page's worth at once, anyone's. */
    markNotificationsRead: build.mutation<TMarkReadResult, { ids: string[]; page: number }>({
      query: ({ ids }) => ({ url: '/notification/read', method: 'PATCH', body: { ids } }),
      async onQueryStarted({ ids, page }, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true, () => false)) dispatch(patchRows(page, ids, { is_read: true }));
      },
    }),
  }),
});

export const { useAdminNotificationsQuery, useAdminMarkNotificationMutation, useMarkNotificationsReadMutation } = adminNotificationsApi;
