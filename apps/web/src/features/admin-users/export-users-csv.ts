import { businessDayOf } from '@lbs/domain/report-periods';
import { apiRequest } from '../../lib/api-request';
import { saveBlob } from '../../lib/save-file';
import type { UserFilters } from './api';

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** users-YYYY-MM-DD.csv, dated by the admin's own calendar (the day they see on their clock). */
export function usersCsvFileName(now: Date, timeZone = browserTimeZone()): string {
  return `users-${businessDayOf(now, timeZone)}.csv`;
}

/**
 * The server streams the CSV; the call needs the session's Bearer token, so it is fetched and
 * handed to the browser as a file rather than opened as a link. Throws an ApiError on failure.
 */
export async function downloadUsersCsv(filters: UserFilters, now = new Date()): Promise<void> {
  const csv = await apiRequest<Blob>({
    url: '/users/export',
    params: { role: filters.role, q: filters.q || undefined },
    responseType: 'blob',
  });
  saveBlob(csv, usersCsvFileName(now));
}
