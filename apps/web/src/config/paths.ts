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
  accounts: {
    root: '/accounts',
    overview: '/accounts/overview',
    resources: '/accounts/resources',
    plans: '/accounts/plans',
    products: '/accounts/products',
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
