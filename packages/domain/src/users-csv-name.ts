import { CUSTOMER_ROLE } from './roles';
import { businessDayOf } from './report-periods';

/** How much of a search goes into a file name: enough to recognise it, short enough to read. */
const MAX_SEARCH_IN_NAME = 30;

/**
 * The search as a file-name part: letters without their accents, digits, dashes; nothing a file
 * system or a Content-Disposition header could misread ("José Ñ" → "jose-n").
 */
function fileNamePart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SEARCH_IN_NAME)
    .replace(/^-+|-+$/g, '');
}

/**
 * The users CSV's file name, the same on both sides: it says which filter made it
 * (users-2026-11-26.csv for every customer, users-search-jos-2026-11-26.csv,
 * users-role-admin-2026-11-26.csv) and is dated by the admin's own calendar day.
 */
export function usersCsvFileName(filters: { q?: string | null; role?: string | null }, now: Date, timeZone: string): string {
  const parts = ['users'];
  const role = filters.role ? fileNamePart(filters.role) : '';
  if (role && filters.role !== CUSTOMER_ROLE) parts.push('role', role);
  const q = filters.q?.trim();
  if (q) {
    parts.push('search');
    const search = fileNamePart(q);
    if (search) parts.push(search);
  }
  return `${parts.join('-')}-${businessDayOf(now, timeZone)}.csv`;
}
