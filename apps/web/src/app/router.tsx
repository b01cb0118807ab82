import { createBrowserRouter, Navigate, Outlet, useNavigation, type RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { RouterNavigation } from '../lib/router-navigation';
import { RequireUser } from './require-user';
import { LoadingOverlay } from '../components/ui/loading-overlay';
import { LandingPage } from '../features/marketing/pages/landing-page';
import { NotFoundPage } from '../features/errors/not-found-page';
import { RouterErrorPage } from '../features/errors/router-error-page';

// Every route but the landing page is its own chunk, loaded on first visit.
const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) => ({
  lazy: async () => ({ Component: (await load())[name] }),
});

/** The site frame around every page, given the router's links, location and loading state. */
function RootRoute() {
  const loading = useNavigation().state === 'loading';
  return (
    <RouterNavigation loading={loading}>
      <RootLayout>
        <Outlet />
      </RootLayout>
    </RouterNavigation>
  );
}

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouterErrorPage />,
    // A full load of a lazy screen (/accounts/..., /pricing without its prerendered HTML) waits for
    // its chunk before the router is ready; meanwhile the loading screen, not a blank page (and no
    // "No HydrateFallback element provided" warning). Prerendered pages hydrate once it is ready.
    HydrateFallback: LoadingOverlay,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'how-it-works', ...page(() => import('../features/marketing/pages/how-it-works-page'), 'HowItWorksPage') },
      { path: 'case-study', ...page(() => import('../features/marketing/pages/case-study-page'), 'CaseStudyPage') },
      { path: 'pricing', ...page(() => import('../features/marketing/pages/pricing-page'), 'PricingPage') },
      { path: 'accessories', ...page(() => import('../features/marketing/pages/accessories-page'), 'AccessoriesPage') },
      { path: 'contact-us', ...page(() => import('../features/contact/pages/contact-page'), 'ContactPage') },
      { path: 'terms', ...page(() => import('../features/legal/pages/legal-page'), 'TermsPage') },
      { path: 'privacy', ...page(() => import('../features/legal/pages/legal-page'), 'PrivacyPage') },
      { path: 'eula', ...page(() => import('../features/legal/pages/legal-page'), 'EulaPage') },
      { path: 'signup', ...page(() => import('../features/auth/pages/signup-page'), 'SignupPage') },
      { path: 'login', ...page(() => import('../features/auth/pages/login-page'), 'LoginPage') },
      { path: 'signin', ...page(() => import('../features/auth/pages/login-page'), 'LoginPage') },
      { path: 'verify-sent', ...page(() => import('../features/auth/pages/verify-sent-page'), 'VerifySentPage') },
      { path: 'verify-email/:token?', ...page(() => import('../features/auth/pages/verify-email-page'), 'VerifyEmailPage') },
      { path: 'forgot-password', ...page(() => import('../features/auth/pages/forgot-password-page'), 'ForgotPasswordPage') },
      { path: 'new-password/:token?', ...page(() => import('../features/auth/pages/new-password-page'), 'NewPasswordPage') },
      { path: 'unsubscribe/:token', ...page(() => import('../features/unsubscribe/pages/unsubscribe-page'), 'UnsubscribePage') },
      { path: 'checkout/success', ...page(() => import('../features/checkout/pages/checkout-success-page'), 'CheckoutSuccessPage') },
      {
        element: <RequireUser />,
        children: [
          { path: 'shipping', ...page(() => import('../features/checkout/pages/shipping-page'), 'ShippingPage') },
          {
            path: 'accounts',
            ...page(() => import('./layouts/account-layout'), 'AccountLayout'),
            children: [
              { index: true, ...page(() => import('../features/account/accounts-index-redirect'), 'AccountsIndexRedirect') },
              {
                path: 'overview',
                ...page(() => import('./layouts/overview-route'), 'OverviewRoute'),
                // The back office's sections (admins only; see OverviewRoute).
                children: [
                  { index: true, element: <Navigate to="report" replace /> },
                  { path: 'report', ...page(() => import('../features/admin-report/pages/report-page'), 'ReportPage') },
                  { path: 'analytics', ...page(() => import('../features/admin-analytics/pages/analytics-page'), 'AnalyticsPage') },
                  { path: 'users', ...page(() => import('../features/admin-users/pages/users-page'), 'UsersPage') },
                  { path: 'licenses', ...page(() => import('../features/admin-licenses/pages/licenses-page'), 'LicensesPage') },
                  { path: 'invoices', ...page(() => import('../features/admin-invoices/pages/invoices-page'), 'InvoicesPage') },
                  { path: 'orders', ...page(() => import('../features/admin-orders/pages/orders-page'), 'OrdersPage') },
                  { path: 'coupons', ...page(() => import('../features/admin-coupons/pages/coupons-page'), 'CouponsPage') },
                  { path: 'notifications', ...page(() => import('../features/admin-notifications/pages/notifications-page'), 'NotificationsPage') },
                  { path: 'announcements', ...page(() => import('../features/admin-campaigns/pages/campaigns-page'), 'CampaignsPage') },
                  { path: 'activity', ...page(() => import('../features/admin-activity/pages/activity-page'), 'ActivityPage') },
                  // One customer's page (issue 21): under USERS, not a tab of its own.
                  { path: 'customers/:id', ...page(() => import('./customer-route'), 'CustomerRoute') },
                  { path: '*', element: <Navigate to="/404" replace /> },
                ],
              },
              { path: 'booths', ...page(() => import('../features/booths/pages/booths-page'), 'BoothsPage') },
              { path: 'resources', ...page(() => import('../features/account/pages/resources-page'), 'ResourcesPage') },
              { path: 'plans', ...page(() => import('../features/account/pages/plans-page'), 'PlansPage') },
              { path: 'products', ...page(() => import('../features/account/pages/products-page'), 'ProductsPage') },
              { path: 'booths/activate-offline', ...page(() => import('../features/booths-offline/pages/activate-offline-page'), 'ActivateOfflinePage') },
              { path: 'settings/*', ...page(() => import('../features/account/settings/settings-page'), 'SettingsPage') },
              { path: '*', element: <Navigate to="/404" replace /> },
            ],
          },
        ],
      },
      { path: '404', element: <NotFoundPage /> },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
