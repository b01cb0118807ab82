/**
 * The back office's list queries. Strict like the report queries: an unknown parameter is a 400
 * naming it, never a silently unfiltered list.
 */
import { z } from 'zod';
import { LICENSE_ADMIN_STATUSES } from './license-terms';
import { isCalendarDay, REPORT_MSG } from './report-periods';
import { CUSTOMER_ROLE } from './roles';
import { safeString, ZEmail, ZPaging } from './schemas';
import { PAYMENT_STATUSES } from './refunds';
import { ORDER_FILTER_STATUSES } from './statuses';
import { ANALYTICS_MSG } from './report-queries';

const paging = { page: ZPaging.shape.page, page_size: ZPaging.shape.page_size };

/** Free-text search; blank means no search. */
const ZSearch = safeString()
  .trim()
  .max(200)
  .nullish()
  .transform((s) => s || undefined);

const ZRole = safeString().trim().min(1).max(50).default(CUSTOMER_ROLE);

const ZDay = safeString()
  .trim()
  .refine(isCalendarDay, { error: REPORT_MSG.dateFormat })
  .refine((d) => d >= '1970-01-01' && d <= '9999-12-30', { error: 'Dates must fall between 1970-01-01 and 9999-12-30' })
  .nullish();

/** `GET /users`: one role's accounts (customers unless told), searched by email or name. */
export const ZAdminUserQuery = z.object({ ...paging, q: ZSearch, role: ZRole }).strict();
export type TAdminUserQuery = z.output<typeof ZAdminUserQuery>;

/** `GET /users/export`: the same filters as the list, every matching row. */
export const ZUserExportQuery = z.object({ q: ZSearch, role: ZRole }).strict();
export type TUserExportQuery = z.output<typeof ZUserExportQuery>;

/** `GET /users/email?query=`: what an admin has typed so far. */
export const ZEmailSuggestQuery = z.object({ query: safeString().trim().min(1).max(254) }).strict();

/** LICENSES' renewal filter: `in_grace`, the licences whose automatic renewal is due and unpaid, still working until their grace ends. */
export const LICENSE_RENEWAL_FILTERS = ['in_grace'] as const;

/** `GET /subscriptions/licenses/admin/all`: every licence, searched by email or key, by status and by renewal. */
export const ZAdminLicenseQuery = z
  .object({ ...paging, q: ZSearch, status: z.enum(LICENSE_ADMIN_STATUSES).nullish(), renewal: z.enum(LICENSE_RENEWAL_FILTERS).nullish() })
  .strict();
export type TAdminLicenseQuery = z.output<typeof ZAdminLicenseQuery>;

/** `GET /subscriptions/licenses/admin/user`: every licence of one email address. */
export const ZAdminUserLicenseQuery = z.object({ ...paging, email: ZEmail }).strict();
export type TAdminUserLicenseQuery = z.output<typeof ZAdminUserLicenseQuery>;

/**
 * Whose notifications the back office lists: `admins`, the admins' own shared feed (paid orders,
 * declined payments, contact messages; the default), or `customers`, what the shop told its
 * customers, read-only for admins.
 */
export const NOTIFICATION_AUDIENCES = ['admins', 'customers'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

/** `GET /notification/admin/all`: one audience's notifications, newest first. */
export const ZAdminNotificationQuery = z
  .object({
    ...paging,
    audience: z
      .enum(NOTIFICATION_AUDIENCES)
      .default('admins')
      .describe("`admins` (default): the admins' shared feed, which admins mark read or done. `customers`: every customer's notifications, read-only here."),
  })
  .strict();
export type TAdminNotificationQuery = z.output<typeof ZAdminNotificationQuery>;

export const ZAdminInvoiceQuery = z.object({ ...paging, q: ZSearch }).strict();
export type TAdminInvoiceQuery = z.output<typeof ZAdminInvoiceQuery>;

/**
 * Orders by search, status (a step or cancelled), payment state, and creation business days
 * `from`..`to` (both included, BUSINESS_TIME_ZONE). Without `payment` the list is the paid orders
 * (refunded ones too); a search by order number finds that order whatever its payment state.
 */
export const ZAdminOrderQuery = z
  .object({ ...paging, q: ZSearch, status: z.enum(ORDER_FILTER_STATUSES).nullish(), payment: z.enum(PAYMENT_STATUSES).nullish(), from: ZDay, to: ZDay })
  .strict()
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_MSG.fromAfterTo });
  });
export type TAdminOrderQuery = z.output<typeof ZAdminOrderQuery>;

/** `PATCH /notification/read`: 1-100 ids of the admins' feed. */
export const ZMarkReadBody = z.object({ ids: z.array(z.uuid()).min(1).max(100) }).strict();
