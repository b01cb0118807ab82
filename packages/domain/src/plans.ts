import { findProduct, LICENSE_ID_THRESHOLD, type LicenseType } from './catalogue';

export type PlanPeriod = 'Day' | 'Month' | 'Year' | '';

export interface Plan {
  /** Catalogue product id, 10 plus the plan's index. */
  id: number;
  title: string;
  /** USD, read from CATALOGUE. */
  price: number;
  period: PlanPeriod;
  content: string[];
  /** Text for the recurring plans; the setup kit's three section headings. */
  subTitle: string | string[];
  colour: string;
  licenseType: LicenseType;
}

export interface PlanSection {
  heading: string;
  items: readonly string[];
}

/** The setup kit's option list, grouped under the three headings shown as its subTitle. */
export const SETUP_KIT_SECTIONS: readonly PlanSection[] = Object.freeze([
  Object.freeze({
    heading: 'Training & Support',
    items: Object.freeze(['Training manual', 'One 1-hour online meeting']),
  }),
  Object.freeze({
    heading: 'Starter Materials',
    items: Object.freeze(['One roller', '500 sheets of 4x4 inch']),
  }),
  Object.freeze({
    heading: 'Software',
    items: Object.freeze(['App download', '3-month key for one device', 'Custom border file']),
  }),
]);

function planProductId(index: number): number {
  return LICENSE_ID_THRESHOLD + index;
}

interface PlanCopy {
  period: PlanPeriod;
  content: string[];
  subTitle: string | string[];
  colour: string;
}

// Copy in plan order; id, title, price and licence type come from the catalogue.
const PLAN_COPY: readonly PlanCopy[] = [
  {
    period: 'Day',
    content: ['24 hours unlimited access', 'One device'],
    subTitle: 'Perfect for a single event',
    colour: '#0ea5e9',
  },
  {
    period: 'Month',
    content: ['30 days unlimited access', 'One device'],
    subTitle: 'For a busy event season',
    colour: '#8b5cf6',
  },
  {
    period: 'Year',
    content: ['365 days unlimited access', 'One device'],
    subTitle: 'Best value for year-round operators',
    colour: '#f59e0b',
  },
  {
    period: '',
    content: SETUP_KIT_SECTIONS.flatMap((section) => section.items),
    subTitle: SETUP_KIT_SECTIONS.map((section) => section.heading),
    colour: '#10b981',
  },
];

export const PLANS: readonly Plan[] = Object.freeze(
  PLAN_COPY.map((copy, index): Plan => {
    const product = findProduct(planProductId(index));
    if (!product || product.kind !== 'license' || !product.licenseType) {
      throw new Error(`Catalogue has no licence product for plan ${index}`);
    }
    return Object.freeze({
      id: product.id,
      title: product.name,
      price: product.price,
      licenseType: product.licenseType,
      ...copy,
    });
  }),
);

