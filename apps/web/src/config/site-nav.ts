import { paths } from './paths';

/** The public navigation (spec §2), in order. */
export const SITE_NAV = [
  { label: 'About Us', to: paths.home },
  { label: 'How It Works', to: paths.howItWorks },
  { label: 'Case Study', to: paths.caseStudy },
  { label: 'Pricing', to: paths.pricing },
  { label: 'Accessories', to: paths.accessories },
  { label: 'Contact Us', to: paths.contactUs },
] as const;

export const FOOTER_LINKS = [
  { label: 'Home', to: paths.home },
  { label: 'How It Works', to: paths.howItWorks },
  { label: 'Case Study', to: paths.caseStudy },
  { label: 'Pricing', to: paths.pricing },
  { label: 'FAQ', to: paths.faq },
  { label: 'Accessories', to: paths.accessories },
] as const;

export const LEGAL_LINKS = [
  { label: 'Terms of Use', to: paths.terms },
  { label: 'Privacy Policy', to: paths.privacy },
  { label: 'EULA', to: paths.eula },
] as const;

export const COPYRIGHT_YEAR = 2025;
