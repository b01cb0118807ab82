import { sql, type SQL } from 'drizzle-orm';
import { CUSTOMER_SEARCH_LIMIT, type CustomerSearchMatchKind, type TCustomerSearchResult } from '@lbs/domain/customer-page';
import { formatInvoiceNo, parseInvoiceNo } from '@lbs/domain/invoice-number';
import { normaliseLicenseKey } from '@lbs/domain/license-terms';
import type { Db } from '../../db/client';
import { prefixPattern } from '../../db/like-pattern';
import { selectRows } from '../../db/select-rows';
import { hashLicenseKey } from '../license-server/find-license';

const MAX_SERIAL = 2_147_483_647;

/**
 * An order number as the screens print it: '#1042' or 'order 1042'. An invoice number in any form
 * ever shown is parseInvoiceNo's ('INV-001042', 'INV-1042', 'invoice #1042', 'receipt 1042', '#1042',
 * '1042'). A bare number or '#1042' may be either.
 */
const NUMBER = /^(?:(order|ord|inv|invoice|receipt)[\s.:#-]*)?(?:no\.?\s*)?(#)?\s*(\d{1,10})$/i;

export interface SearchTerms {
  /** SHA-256 of the canonical key, when the text can be a licence key in any case or grouping. */
  keyHash?: string;
  orderId?: number;
  invoiceNo?: number;
  /** Lower-case text for the prefix searches (email, name). */
  prefix: string;
  /** A full name typed as "first last": each part a prefix of its column. */
  firstAndLast?: [string, string];
}

/** What the typed text can mean. */
export function searchTerms(q: string): SearchTerms {
  const text = q.trim();
  const terms: SearchTerms = { prefix: text.toLowerCase() };
  const key = normaliseLicenseKey(text);
  if (key !== null) terms.keyHash = hashLicenseKey(key);
  const m = NUMBER.exec(text);
  if (m) {
    const n = Number(m[3]);
    const word = m[1]?.toLowerCase();
    const isInvoice = word === 'inv' || word === 'invoice' || word === 'receipt';
    if (n >= 1 && n <= MAX_SERIAL && !isInvoice) terms.orderId = n;
  }
  const invoiceNo = parseInvoiceNo(text);
  if (invoiceNo !== undefined) terms.invoiceNo = invoiceNo;
  const words = terms.prefix.split(/\s+/);
  if (words.length > 1) terms.firstAndLast = [words[0]!, words.slice(1).join(' ')];
  return terms;
}

const USER_COLUMNS = sql.raw('u.id as user_id, u.email, u.first_name, u.last_name');

/**
 * One statement: the exact matches (a key, an order, an invoice) first, then addresses and names
 * starting with the text. Each branch reads an index: licenses.key_hash, the orders and invoices
 * keys, and the lower(...) text_pattern_ops prefix indexes of migration 0013; the prefix branches
 * stop at the limit.
 */
export function searchSql(t: SearchTerms, limit: number): SQL {
  const branches: SQL[] = [];
  if (t.keyHash !== undefined) {
    branches.push(sql`select 1 as hit_rank, ${USER_COLUMNS}, 'license' as match_kind, right(l.license_key, 5) as matched
      from licenses l join users u on u.id = l.user_id where l.key_hash = ${t.keyHash}`);
  }
  if (t.orderId !== undefined) {
    branches.push(sql`select 2 as hit_rank, ${USER_COLUMNS}, 'order' as match_kind, o.id::text as matched from orders o join users u on u.id = o.user_id where o.id = ${t.orderId}`);
  }
  if (t.invoiceNo !== undefined) {
    branches.push(sql`select 3 as hit_rank, ${USER_COLUMNS}, 'invoice' as match_kind, i.invoice_no::text as matched
      from invoices i join users u on u.id = i.user_id where i.invoice_no = ${t.invoiceNo}`);
  }
  const prefix = prefixPattern(t.prefix);
  if (!/\s/.test(t.prefix)) {
    branches.push(sql`(select 4 as hit_rank, ${USER_COLUMNS}, 'email' as match_kind, null::text as matched from users u where lower(u.email) like ${prefix} limit ${limit})`);
  }
  const fullName = t.firstAndLast
    ? sql` or (lower(u.first_name) like ${prefixPattern(t.firstAndLast[0])} and lower(u.last_name) like ${prefixPattern(t.firstAndLast[1])})`
    : sql``;
  branches.push(sql`(select 5 as hit_rank, ${USER_COLUMNS}, 'name' as match_kind, null::text as matched from users u
    where lower(u.first_name) like ${prefix} or lower(u.last_name) like ${prefix}${fullName} limit ${limit})`);
  return sql`select * from (${sql.join(branches, sql` union all `)}) hits order by hit_rank, lower(email) limit ${limit * 3}`;
}

interface HitRow {
  hit_rank: number;
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  match_kind: CustomerSearchMatchKind;
  matched: string | null;
}

function matchedWords(h: HitRow): string {
  switch (h.match_kind) {
    case 'license':
      return `license …${h.matched}`;
    case 'order':
      return `order #${h.matched}`;
    case 'invoice':
      return `invoice ${formatInvoiceNo(Number(h.matched))}`;
    default:
      return h.match_kind;
  }
}

/**
 * The back office header's search: up to CUSTOMER_SEARCH_LIMIT accounts, each once, with what
 * matched (the strongest match when several did).
 */
export async function searchCustomers(db: Db, q: string, limit = CUSTOMER_SEARCH_LIMIT): Promise<TCustomerSearchResult> {
  const rows = await selectRows<HitRow>(db, searchSql(searchTerms(q), limit));
  const seen = new Set<number>();
  const items: TCustomerSearchResult['items'] = [];
  for (const h of rows) {
    if (seen.has(h.user_id) || items.length >= limit) continue;
    seen.add(h.user_id);
    items.push({ user_id: h.user_id, email: h.email, first_name: h.first_name, last_name: h.last_name, match: h.match_kind, matched: matchedWords(h) });
  }
  return { items };
}
