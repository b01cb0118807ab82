import { paths } from './paths';

/** Each public page's link, labelled once; the lists below pick from it. */
const PAGE = {
  howItWorks: { label: 'How It Works', to: paths.howItWorks },
  caseStudy: { label: 'Case Study', to: paths.caseStudy },
  pricing: { label: 'Pricing', to: paths.pricing },
  accessories: { label: 'Accessories', to: paths.accessories },
} as const;

/** The public navigation (spec §2), in order. */
export const SITE_NAV = [
  { label: 'About Us', to: paths.home },
  PAGE.howItWorks,
  PAGE.caseStudy,
  PAGE.pricing,
  PAGE.accessories,
  { label: 'Contact Us', to: paths.contactUs },
] as const;

export const FOOTER_LINKS = [
  { label: 'Home', to: paths.home },
  PAGE.howItWorks,
  PAGE.caseStudy,
  PAGE.pricing,
  { label: 'FAQ', to: paths.faq },
  PAGE.accessories,
] as const;

export const LEGAL_LINKS = [
  { label: 'Terms of Use', to: paths.terms },
  { label: 'Privacy Policy', to: paths.privacy },
  { label: 'EULA', to: paths.eula },
] as const;

export const COPYRIGHT_YEAR = 2025;
