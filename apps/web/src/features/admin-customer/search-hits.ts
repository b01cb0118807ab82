import type { CustomerSearchMatchKind, TCustomerSearchHit } from '@lbs/domain/customer-page';

/** One customer in the header search's list, with everything of theirs that matched the text. */
export interface CustomerSearchOption {
  userId: number;
  email: string;
  /** 'Ana Putri'; the address when the account has no name. */
  name: string;
  /** 'Email', 'Order #123', 'License …ABCD': what matched, best first, each once. */
  matches: string[];
  /** Whether the name line is the address itself (nothing more to show under it). */
  nameIsEmail: boolean;
}

/**
 * A customer's name as the back office shows it: first and last (the profile's), else the name
 * they signed up with, else the address.
 */
export function customerName(c: { first_name: string; last_name: string; email: string; username?: string }): string {
  return `${c.first_name} ${c.last_name}`.trim() || c.username?.trim() || c.email;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What matched, as the list says it: the server's words, capitalised ('order #123' → 'Order #123'). */
export function matchLabel(hit: Pick<TCustomerSearchHit, 'match' | 'matched'>): string {
  const fallback: Record<CustomerSearchMatchKind, string> = { email: 'email', name: 'name', order: 'order', invoice: 'invoice', license: 'license' };
  return capitalised(hit.matched.trim() || fallback[hit.match]);
}

/**
 * The server's hits, one option per customer: a customer found by name and by a licence key is
 * one row saying both, so "one match" means one customer. The server's order (exact matches
 * first) is kept.
 */
export function groupSearchHits(hits: readonly TCustomerSearchHit[]): CustomerSearchOption[] {
  const byUser = new Map<number, CustomerSearchOption>();
  for (const hit of hits) {
    let option = byUser.get(hit.user_id);
    if (!option) {
      const name = customerName(hit);
      option = { userId: hit.user_id, email: hit.email, name, matches: [], nameIsEmail: name === hit.email };
      byUser.set(hit.user_id, option);
    }
    const label = matchLabel(hit);
    if (!option.matches.includes(label)) option.matches.push(label);
  }
  return [...byUser.values()];
}

/** What the list says under the box: how many customers, or that none matched. */
export function searchSummary(typed: string, options: readonly CustomerSearchOption[]): string {
  if (options.length === 0) return `No customer matches “${typed}”.`;
  if (options.length === 1) return '1 customer: press Enter to open.';
  return `${options.length} customers: use the arrow keys and Enter, or click one.`;
}
