/**
 * The back office's page per customer (issue 21) and the header's search that finds one: what
 * the read routes take and answer. Lists are paged on the server, newest first, like every other
 * back-office list.
 *
 *   GET /api/admin/customers/:id                 → ZCustomerDetail
 *   GET /api/admin/customers/:id/orders          → ZCustomerOrderPage
 *   GET /api/admin/customers/:id/invoices        → ZCustomerInvoicePage
 *   GET /api/admin/customers/:id/licenses        → ZCustomerLicensePage
 *   GET /api/admin/customers/:id/notifications   → ZCustomerNotificationPage
 *   GET /api/admin/customers/:id/timeline        → ZCustomerTimelinePage
 *   GET /api/admin/search?q=                     → ZCustomerSearchResult
 */
import { z } from 'zod';

import { ZAdminInvoicePage, ZAdminOrderPage } from './admin-responses';
import { ZLicensePage, ZNotification, ZPaged } from './responses';
import { safeString, ZPaging } from './schemas';

const ZInstant = z.iso.datetime();

// ---------------------------------------------------------------------------------------------
// What the routes take

/** `:id` of every customer route: a user id as the USERS list shows it. */
export const ZCustomerParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }).strict();
export type TCustomerParams = z.output<typeof ZCustomerParams>;

/** The customer page's lists and timeline: `page` and `page_size` only. */
export const ZCustomerListQuery = z.object({ page: ZPaging.shape.page, page_size: ZPaging.shape.page_size }).strict();
export type TCustomerListQuery = z.output<typeof ZCustomerListQuery>;

/** Longest search text taken: a licence key with separators, an email address. */
export const CUSTOMER_SEARCH_MAX = 200;
/** How many customers the header's search answers at most. */
export const CUSTOMER_SEARCH_LIMIT = 10;

/** `GET /admin/search?q=`: what the admin typed (an email or name start, an order or invoice number, a key). */
export const ZCustomerSearchQuery = z
  .object({ q: safeString().trim().min(1, { error: 'Type something to search for' }).max(CUSTOMER_SEARCH_MAX) })
  .strict();
export type TCustomerSearchQuery = z.output<typeof ZCustomerSearchQuery>;

// ---------------------------------------------------------------------------------------------
// The customer

export const ZCustomerDetail = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
  photo_url: z.string().nullable(),
  is_email_verified: z.boolean(),
  /**
   * When the current address was last proven theirs: a verification link followed, a new address
   * confirmed, or a sign-up with Google (auth_events); null when none is recorded.
   */
  email_verified_at: ZInstant.nullable(),
  /** A new address waiting for its owner to confirm it; null when none. */
  pending_email: z.string().nullable(),
  /** Sign-up date and time (format it in `time_zone` for the page). */
  created_at: ZInstant,
  /** The IANA zone the customer sees dates in. */
  time_zone: z.string(),
  /** Sum of the totals of their paid orders, in cents (refunds come in a later issue). */
  total_spent_cents: z.number().int().nonnegative(),
  currency: z.string(),
  counts: z.object({
    orders: z.number().int().nonnegative(),
    invoices: z.number().int().nonnegative(),
    licenses: z.number().int().nonnegative(),
    notifications: z.number().int().nonnegative(),
  }),
});
export type TCustomerDetail = z.infer<typeof ZCustomerDetail>;

/** The rows are the back office's own list rows (ORDERS, INVOICES) and the account's licence. */
export const ZCustomerOrderPage = ZAdminOrderPage;
export type TCustomerOrderPage = z.infer<typeof ZCustomerOrderPage>;
export const ZCustomerInvoicePage = ZAdminInvoicePage;
export type TCustomerInvoicePage = z.infer<typeof ZCustomerInvoicePage>;
/** Each licence with its device: device_number, device_name, app_version, last_seen_at. */
export const ZCustomerLicensePage = ZLicensePage;
export type TCustomerLicensePage = z.infer<typeof ZCustomerLicensePage>;
/** The customer's notifications, read-only here (their read and done state is theirs). */
export const ZCustomerNotificationPage = ZPaged(ZNotification);
export type TCustomerNotificationPage = z.infer<typeof ZCustomerNotificationPage>;

// ---------------------------------------------------------------------------------------------
// The timeline

export const CUSTOMER_TIMELINE_KINDS = [
  'signed_up',
  'email_verified',
  'email_changed',
  'order_created',
  'order_paid',
  'order_failed',
  'order_shipped',
  'invoice_issued',
  'license_issued',
  'license_renewed',
  'license_revoked',
  'license_suspended',
  'device_activated',
  'device_activated_offline',
  'device_first_seen',
  'device_deactivated',
  'device_reset',
  'admin_action',
] as const;
export type CustomerTimelineKind = (typeof CUSTOMER_TIMELINE_KINDS)[number];

/** What an entry links to on the page: an order, an invoice or a licence of the customer. */
export const CUSTOMER_TIMELINE_REF_TYPES = ['order', 'invoice', 'license'] as const;

export const ZCustomerTimelineEntry = z.object({
  /** Unique within the customer's timeline ("order_paid:123"): a stable React key. */
  id: z.string(),
  at: ZInstant,
  kind: z.enum(CUSTOMER_TIMELINE_KINDS),
  /** What happened, in words ("Order #123 paid", "Licence …ABCD issued"). */
  label: z.string(),
  /** More about it (a device name, an admin's address, an amount); null when nothing to add. */
  detail: z.string().nullable(),
  /** What it is about, for a link; null when nothing on the page to open. */
  ref: z.object({ type: z.enum(CUSTOMER_TIMELINE_REF_TYPES), id: z.string() }).nullable(),
});
export type TCustomerTimelineEntry = z.infer<typeof ZCustomerTimelineEntry>;

export const ZCustomerTimelinePage = ZPaged(ZCustomerTimelineEntry);
export type TCustomerTimelinePage = z.infer<typeof ZCustomerTimelinePage>;

// ---------------------------------------------------------------------------------------------
// The header's search

export const CUSTOMER_SEARCH_MATCH_KINDS = ['email', 'name', 'order', 'invoice', 'license'] as const;
export type CustomerSearchMatchKind = (typeof CUSTOMER_SEARCH_MATCH_KINDS)[number];

export const ZCustomerSearchHit = z.object({
  user_id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** What matched the text. */
  match: z.enum(CUSTOMER_SEARCH_MATCH_KINDS),
  /** What matched, in words: "email", "name", "order #123", "invoice 1001", "licence …ABCD". */
  matched: z.string(),
});
export type TCustomerSearchHit = z.infer<typeof ZCustomerSearchHit>;

/** At most CUSTOMER_SEARCH_LIMIT hits, exact matches (order, invoice, key) first. */
export const ZCustomerSearchResult = z.object({ items: z.array(ZCustomerSearchHit) });
export type TCustomerSearchResult = z.infer<typeof ZCustomerSearchResult>;
