/** Every client path, named once (bulletproof-react's config/paths). */
export const paths = {
  home: '/',
  howItWorks: '/how-it-works',
  caseStudy: '/case-study',
  pricing: '/pricing',
  faq: '/pricing#faq',
  accessories: '/accessories',
  contactUs: '/contact-us',
  signup: '/signup',
  login: '/login',
  signin: '/signin',
  verifySent: '/verify-sent',
  verifyEmail: (token: string) => `/verify-email/${token}`,
  forgotPassword: '/forgot-password',
  newPassword: (token: string) => `/new-password/${token}`,
  shipping: '/shipping',
  checkoutSuccess: '/checkout/success',
  terms: '/terms',
  privacy: '/privacy',
  eula: '/eula',
  notFound: '/404',
  /** An unsubscribe link of campaign mail (issue 22): confirm, then turn the list off. */
  unsubscribe: (token: string) => `/unsubscribe/${token}`,
  accounts: {
    root: '/accounts',
    overview: '/accounts/overview',
    booths: '/accounts/booths',
    resources: '/accounts/resources',
    plans: '/accounts/plans',
    products: '/accounts/products',
    boothsOffline: '/accounts/booths/activate-offline',
    settings: '/accounts/settings',
    notifications: '/accounts/settings/notifications',
    invoices: '/accounts/settings/invoice',
    orders: '/accounts/settings/order',
    profile: '/accounts/settings/user-management',
    admin: {
      report: '/accounts/overview/report',
      analytics: '/accounts/overview/analytics',
      users: '/accounts/overview/users',
      licenses: '/accounts/overview/licenses',
      invoices: '/accounts/overview/invoices',
      orders: '/accounts/overview/orders',
      coupons: '/accounts/overview/coupons',
      notifications: '/accounts/overview/notifications',
      announcements: '/accounts/overview/announcements',
      activity: '/accounts/overview/activity',
      /** One customer's page (issue 21): under USERS, not a tab of its own. */
      customer: (id: number | string) => `/accounts/overview/customers/${id}`,
    },
  },
} as const;

/** Screens that show neither the site header nor the footer (spec §2). */
const BARE_PREFIXES = ['/login', '/signin', '/signup', '/verify-sent', '/forgot-password', '/new-password', '/404'];

export function isBareScreen(pathname: string): boolean {
  return BARE_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export function isAccountArea(pathname: string): boolean {
  return pathname === '/accounts' || pathname.startsWith('/accounts/');
}

const SITE = 'LentiBooth';

/**
 * The browser tab's title of every screen that is not a prerendered public page (those name their
 * own, with a search description: usePageMeta). Longest prefix wins; one table, beside the paths.
 */
const SCREEN_TITLES: [prefix: string, title: string][] = [
  [paths.signup, 'Sign up'],
  [paths.login, 'Log in'],
  [paths.signin, 'Sign in to check out'],
  [paths.verifySent, 'Check your email'],
  ['/verify-email', 'Verify your email'],
  [paths.forgotPassword, 'Forgot password'],
  ['/new-password', 'Choose a new password'],
  [paths.shipping, 'Checkout'],
  [paths.checkoutSuccess, 'Thank you for your order'],
  [paths.notFound, 'Page not found'],
  ['/unsubscribe', 'Unsubscribe'],
  [paths.accounts.overview, 'Overview'],
  [paths.accounts.booths, 'Booths'],
  [paths.accounts.resources, 'Resources'],
  [paths.accounts.plans, 'Plans'],
  [paths.accounts.products, 'Products'],
  [paths.accounts.boothsOffline, 'Activate offline · Booths'],
  [paths.accounts.settings, 'Settings'],
  [paths.accounts.profile, 'Profile · Settings'],
  [paths.accounts.notifications, 'Notifications · Settings'],
  [paths.accounts.orders, 'Orders · Settings'],
  [paths.accounts.invoices, 'Invoices · Settings'],
  [paths.accounts.admin.report, 'Report · Back office'],
  [paths.accounts.admin.analytics, 'Analytics · Back office'],
  [paths.accounts.admin.users, 'Users · Back office'],
  [paths.accounts.admin.licenses, 'Licenses · Back office'],
  [paths.accounts.admin.invoices, 'Invoices · Back office'],
  [paths.accounts.admin.orders, 'Orders · Back office'],
  [paths.accounts.admin.coupons, 'Coupons · Back office'],
  [paths.accounts.admin.notifications, 'Notifications · Back office'],
  [paths.accounts.admin.announcements, 'Announcements · Back office'],
  [paths.accounts.admin.activity, 'Activity · Back office'],
  ['/accounts/overview/customers', 'Customer · Back office'],
];

/** The document title for `pathname`, or null for a public page (which sets its own). */
export function screenTitle(pathname: string): string | null {
  let best: [string, string] | undefined;
  for (const entry of SCREEN_TITLES) {
    const [prefix] = entry;
    if ((pathname === prefix || pathname.startsWith(`${prefix}/`)) && (!best || prefix.length > best[0].length)) best = entry;
  }
  return best ? `${best[1]} · ${SITE}` : null;
}
