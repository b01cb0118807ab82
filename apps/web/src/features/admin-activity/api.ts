import type { TAuditPage } from '@lbs/domain/admin-responses';
import { api } from '../../lib/api';

/** Rows a page of the audit log holds: a log is scanned, so more than the spec's lists' ten. */
const ACTIVITY_PAGE_SIZE = 20;

const adminActivityApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /admin/audit: every admin write, newest first. */
    adminAudit: build.query<TAuditPage, { page: number }>({
      query: ({ page }) => ({ url: '/admin/audit', params: { page, page_size: ACTIVITY_PAGE_SIZE } }),
    }),
  }),
});

export const { useAdminAuditQuery } = adminActivityApi;
