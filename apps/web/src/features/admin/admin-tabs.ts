import { paths } from '../../config/paths';

/**
 * The back office's tabs (spec §2 "Admin overview"), in the spec's order, plus ACTIVITY (the
 * audit log, issue 11). The active tab comes from the path segment after /accounts/overview/.
 */
export const ADMIN_TABS = [
  { key: 'report', name: 'REPORT', link: paths.accounts.admin.report },
  { key: 'analytics', name: 'ANALYTICS', link: paths.accounts.admin.analytics },
  { key: 'users', name: 'USERS', link: paths.accounts.admin.users },
  { key: 'licenses', name: 'LICENSES', link: paths.accounts.admin.licenses },
  { key: 'invoices', name: 'INVOICES', link: paths.accounts.admin.invoices },
  { key: 'orders', name: 'ORDERS', link: paths.accounts.admin.orders },
  { key: 'coupons', name: 'COUPONS', link: paths.accounts.admin.coupons },
  { key: 'notifications', name: 'NOTIFICATIONS', link: paths.accounts.admin.notifications },
  { key: 'announcements', name: 'ANNOUNCEMENTS', link: paths.accounts.admin.announcements },
  { key: 'activity', name: 'ACTIVITY', link: paths.accounts.admin.activity },
] as const;

export type AdminTabKey = (typeof ADMIN_TABS)[number]['key'];

/** Pages that are not tabs, and the tab that stays highlighted on them: a customer's page sits under USERS. */
const PAGES_UNDER_TABS: Readonly<Record<string, AdminTabKey>> = { customers: 'users' };

/** The tab a path belongs to; Report when the path names none (the spec's default). */
export function adminTabOf(pathname: string): AdminTabKey {
  const segment = pathname.split('/')[3]?.toLowerCase() ?? '';
  return ADMIN_TABS.find((t) => t.key === segment)?.key ?? PAGES_UNDER_TABS[segment] ?? 'report';
}
