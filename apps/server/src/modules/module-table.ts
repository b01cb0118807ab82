import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { analyticsAdminRoutes } from './analytics/admin-routes';
import { auditAdminRoutes } from './audit/admin-routes';
import { boothRoutes } from './booths/routes';
import { campaignAdminRoutes } from './campaigns/admin-routes';
import { unsubscribeRoutes } from './campaigns/routes';
import { authRoutes } from './auth/routes';
import { catalogueRoutes } from './catalogue/routes';
import { contactRoutes } from './contact/routes';
import { customerAdminRoutes } from './customers/admin-routes';
import { customerActionAdminRoutes } from './customer-actions/admin-routes';
import { devMailboxRoutes } from './dev-mailbox/routes';
import { exportAdminRoutes } from './exports/admin-routes';
import { healthRoutes } from './health/routes';
import { invoiceAdminRoutes } from './invoices/admin-routes';
import { invoiceRoutes } from './invoices/routes';
import { licenseServerAdminRoutes } from './license-server/admin-routes';
import { offlineActivationRoutes } from './license-server/offline-activation-routes';
import { licenseServerRoutes } from './license-server/routes';
import { licenseAdminRoutes } from './licenses/admin-routes';
import { licenseRoutes } from './licenses/routes';
import { metricsRoutes } from './metrics/routes';
import { notificationAdminRoutes } from './notifications/admin-routes';
import { notificationRoutes } from './notifications/routes';
import { orderAdminRoutes } from './orders/admin-routes';
import { orderRoutes } from './orders/routes';
import { pageViewRoutes } from './page-views/routes';
import { paymentMethodRoutes } from './payment-methods/routes';
import { localPayRoutes } from './payments/local-pay-routes';
import { checkoutRoutes, stripeWebhookRoutes } from './payments/routes';
import { publicConfigRoutes } from './public-config/routes';
import { refundAdminRoutes } from './refunds/admin-routes';
import { refundRoutes } from './refunds/routes';
import { reportAdminRoutes } from './reports/admin-routes';
import { devClockRoutes } from './renewals/dev-clock-routes';
import { renewalRoutes } from './renewals/routes';
import { resourceRoutes } from './resources/routes';
import { shippingRoutes } from './shipping/routes';
import { userAdminRoutes } from './users/admin-routes';
import { profileRoutes } from './users/routes';
import { voucherAdminRoutes } from './vouchers/admin-routes';
import { voucherRoutes } from './vouchers/routes';

/** A module's routes, as a Fastify plugin given the app's context. */
export type ModuleRoutes = (app: FastifyInstance, opts: { ctx: AppContext }) => Promise<void>;

export interface AppModule {
  name: string;
  /**
   * Public and customer routes (`routes.ts`), under /api. Each guards itself (requireUser,
   * ownerOrAdmin, ...) or is public on purpose.
   */
  routes?: ModuleRoutes | readonly ModuleRoutes[];
  /**
   * Admin routes (`admin-routes.ts`), under /api in the admin scope: its onRequest hook lets admins
   * only, and it tags them `admin` in the OpenAPI document. Nowhere else registers them.
   */
  adminRoutes?: ModuleRoutes;
  /** Developer tools served at the root (not under /api), only when config.devTools is on. */
  devRoutes?: ModuleRoutes;
}

/**
 * Every module of the server, and where each kind of route goes. app.ts registers from this table
 * alone, and the guard test derives which routes are admin-only from it.
 */
export const MODULES: readonly AppModule[] = [
  { name: 'health', routes: healthRoutes },
  { name: 'metrics', routes: metricsRoutes },
  { name: 'page-views', routes: pageViewRoutes },
  { name: 'notifications', routes: notificationRoutes, adminRoutes: notificationAdminRoutes },
  { name: 'invoices', routes: invoiceRoutes, adminRoutes: invoiceAdminRoutes },
  { name: 'orders', routes: orderRoutes, adminRoutes: orderAdminRoutes },
  { name: 'licenses', routes: licenseRoutes, adminRoutes: licenseAdminRoutes },
  { name: 'booths', routes: boothRoutes },
  { name: 'resources', routes: resourceRoutes },
  { name: 'users', routes: profileRoutes, adminRoutes: userAdminRoutes },
  { name: 'shipping', routes: shippingRoutes },
  { name: 'vouchers', routes: voucherRoutes, adminRoutes: voucherAdminRoutes },
  { name: 'payments', routes: [checkoutRoutes, stripeWebhookRoutes], devRoutes: localPayRoutes },
  { name: 'auth', routes: authRoutes },
  { name: 'catalogue', routes: catalogueRoutes },
  { name: 'contact', routes: contactRoutes },
  { name: 'public-config', routes: publicConfigRoutes },
  // The desktop program calls it with a licence key, not a session; offline activation is the
  // account area's (the key's owner) and the admin's.
  { name: 'license-server', routes: [licenseServerRoutes, offlineActivationRoutes], adminRoutes: licenseServerAdminRoutes },
  { name: 'reports', adminRoutes: reportAdminRoutes },
  { name: 'analytics', adminRoutes: analyticsAdminRoutes },
  { name: 'audit', adminRoutes: auditAdminRoutes },
  // The page per customer and the back office header's search (issue 21).
  { name: 'customers', adminRoutes: customerAdminRoutes },
  // The customer page's actions (issue 21): verification, licence and order mails, licence changes.
  { name: 'customer-actions', adminRoutes: customerActionAdminRoutes },
  // Announcements and promotional mail (issue 22): the owner's campaigns, the customers' way out.
  { name: 'campaigns', routes: unsubscribeRoutes, adminRoutes: campaignAdminRoutes },
  // Money back (issue 23): refunds, cancellations, credit notes.
  { name: 'refunds', routes: refundRoutes, adminRoutes: refundAdminRoutes },
  // The accountant's CSV files: orders, invoices and credit notes for a range of days (issue 23).
  { name: 'exports', adminRoutes: exportAdminRoutes },
  { name: 'dev-mailbox', devRoutes: devMailboxRoutes },
  // Licences that recur (decision 0021): the holder pays a due renewal now; the dev clock moves time.
  { name: 'renewals', routes: renewalRoutes, devRoutes: devClockRoutes },
  // The customer's payment method (decision 0022): the card renewals charge, replaced or removed.
  { name: 'payment-methods', routes: paymentMethodRoutes },
];

/** A module's public and customer route plugins, as a list. */
export const routesOf = (m: AppModule): readonly ModuleRoutes[] => (m.routes === undefined ? [] : Array.isArray(m.routes) ? m.routes : [m.routes as ModuleRoutes]);
