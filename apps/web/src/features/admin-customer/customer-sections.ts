import type { TCustomerDetail } from '@lbs/domain/customer-page';

/**
 * The customer page's sections, in tab order. Licences first: most questions an owner answers
 * about a customer are about a key and its booth. The timeline has no count (it is everything).
 */
export const CUSTOMER_SECTIONS = [
  { key: 'licenses', name: 'Licenses', count: (c: TCustomerDetail) => c.counts.licenses },
  { key: 'orders', name: 'Orders', count: (c: TCustomerDetail) => c.counts.orders },
  { key: 'invoices', name: 'Invoices', count: (c: TCustomerDetail) => c.counts.invoices },
  { key: 'notifications', name: 'Notifications', count: (c: TCustomerDetail) => c.counts.notifications },
  { key: 'timeline', name: 'Timeline', count: null },
] as const;

export type CustomerSectionKey = (typeof CUSTOMER_SECTIONS)[number]['key'];

/**
 * The section a `?section=` value names; for none or an unknown one, the first that has rows for
 * this customer (a customer without licences opens at their orders), else the timeline.
 */
export function customerSectionOf(param: string | null, customer?: TCustomerDetail): CustomerSectionKey {
  const named = CUSTOMER_SECTIONS.find((s) => s.key === param?.toLowerCase());
  if (named) return named.key;
  if (!customer) return CUSTOMER_SECTIONS[0].key;
  return CUSTOMER_SECTIONS.find((s) => s.count !== null && s.count(customer) > 0)?.key ?? 'timeline';
}

/** `?page=` as a page number: 1 for none, or anything that is not a whole number from 1. */
export function pageParamOf(param: string | null): number {
  const n = Number(param);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The tab to move to from `current` with an arrow, Home or End key (WAI-ARIA tabs); null for another key. */
export function sectionAfterKey(current: CustomerSectionKey, key: string): CustomerSectionKey | null {
  const keys = CUSTOMER_SECTIONS.map((s) => s.key);
  const i = keys.indexOf(current);
  if (key === 'ArrowRight') return keys[(i + 1) % keys.length]!;
  if (key === 'ArrowLeft') return keys[(i - 1 + keys.length) % keys.length]!;
  if (key === 'Home') return keys[0]!;
  if (key === 'End') return keys[keys.length - 1]!;
  return null;
}
