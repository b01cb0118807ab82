import type { TAdminUserPage } from '@lbs/domain/admin-responses';
import { api } from '../../lib/api';

export type AdminUser = TAdminUserPage['items'][number];

/** What the Users list and its CSV export are asked for (the export takes the same filters, no page). */
export interface UserFilters {
  q: string;
  role: string;
}

const adminUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminUsers: build.query<TAdminUserPage, UserFilters & { page: number }>({
      query: ({ page, q, role }) => ({ url: '/users', params: { page, role, q: q || undefined } }),
      providesTags: ['Users'],
    }),
  }),
});

export const { useAdminUsersQuery } = adminUsersApi;
