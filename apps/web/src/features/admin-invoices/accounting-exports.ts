import {
  accountingExportFileName,
  type AccountingExport,
  type TAccountingExportDefaults,
  type TAccountingExportQuery,
} from '@lbs/domain/accounting-exports';
import { api } from '../../lib/api';
import { apiRequest } from '../../lib/api-request';
import { saveBlob } from '../../lib/save-file';

const exportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /export/defaults: the server's business zone and last month there (the panel's default range). */
    accountingExportDefaults: build.query<TAccountingExportDefaults, void>({
      query: () => ({ url: '/export/defaults' }),
    }),
  }),
});

export const { useAccountingExportDefaultsQuery } = exportsApi;

/**
 * The server streams the CSV; the call needs the session's Bearer token, so it is fetched and
 * handed to the browser as a file rather than opened as a link, under the name the server gives
 * it (lentibooth-orders-2026-11-01-to-2026-11-30.csv). Throws an ApiError on failure.
 */
export async function downloadAccountingExport(kind: AccountingExport, range: TAccountingExportQuery): Promise<void> {
  const csv = await apiRequest<Blob>({ url: `/export/${kind}.csv`, params: { from: range.from, to: range.to }, responseType: 'blob' });
  saveBlob(csv, accountingExportFileName(kind, range));
}
