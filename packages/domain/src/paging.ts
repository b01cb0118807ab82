export const PAGE_SIZE = 10;

export type PageItem = number | 'ellipsis';

/** Pages on each side of the current one that the pager always shows. */
const WINDOW = 2;

/**
 * The pager's buttons: first and last pages, two pages either side of the current one, and an
 * ellipsis for each gap. A gap of exactly one page shows that page instead: an ellipsis there
 * would take the same room and hide a page. Empty when there is at most one page.
 */
export function pageWindow(current: number, total: number): PageItem[] {
  const last = Math.floor(total);
  if (!(last > 1)) return [];
  const page = Math.min(last, Math.max(1, Math.floor(Number.isFinite(current) ? current : 1)));
  const shown = new Set<number>([1, last]);
  for (let p = page - WINDOW; p <= page + WINDOW; p += 1) if (p >= 1 && p <= last) shown.add(p);
  const pages = [...shown].sort((a, b) => a - b);
  const out: PageItem[] = [];
  let previous = 0;
  for (const p of pages) {
    if (p - previous === 2) out.push(p - 1);
    else if (p - previous > 2) out.push('ellipsis');
    out.push(p);
    previous = p;
  }
  return out;
}

/** Number of pages for a count of rows (at least 1). */
export function pageCount(totalRows: number, pageSize: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, totalRows) / pageSize));
}

/** SQL-style offset of a 1-based page. */
export function pageOffset(page: number, pageSize: number = PAGE_SIZE): number {
  return (Math.max(1, Math.floor(page)) - 1) * pageSize;
}

/** One page of a list as every paged API answers it; `page` is 1-based. */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}
