import { usersCsvFileName } from '@lbs/domain/users-csv-name';
import { apiRequest } from '../../lib/api-request';
import { displayTimeZone } from '../../lib/format-date';
import { saveBlob } from '../../lib/save-file';
import type { UserFilters } from './api';

/**
 * The server streams the CSV; the call needs the session's Bearer token, so it is fetched and
 * handed to the browser as a file rather than opened as a link. The name says the filter and the
 * admin's day, as the server's does. Throws an ApiError on failure.
 */
export async function downloadUsersCsv(filters: UserFilters, now = new Date(), timeZone = displayTimeZone()): Promise<void> {
  const csv = await apiRequest<Blob>({
    url: '/users/export',
    params: { role: filters.role, q: filters.q || undefined },
    responseType: 'blob',
  });
  saveBlob(csv, usersCsvFileName(filters, now, timeZone));
}
