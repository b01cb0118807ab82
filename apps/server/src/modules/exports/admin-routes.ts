import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountingExportFileName,
  lastMonthRange,
  MAX_EXPORT_DAYS,
  ZAccountingExportDefaults,
  ZAccountingExportQuery,
  type AccountingExport,
} from '@lbs/domain/accounting-exports';
import { ZNoQuery } from '@lbs/domain/report-queries';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/client';
import { BEARER, binaryResponse, errors } from '../../lib/openapi';
import { exportCreditNotesCsv } from './credit-notes-csv';
import { batchSizeFor, exportRange, type ExportRange } from './export-range';
import { exportInvoicesCsv } from './invoices-csv';
import { exportOrdersCsv } from './orders-csv';

type Exporter = (db: DbOrTx, range: ExportRange, timeZone: string, batchSize: number) => Readable;

const EXPORTS: ReadonlyArray<{ kind: AccountingExport; summary: string; exporter: Exporter }> = [
  { kind: 'orders', summary: 'Every order paid in a range of business days, as CSV for the accountant (streamed)', exporter: exportOrdersCsv },
  { kind: 'invoices', summary: 'Every invoice issued in a range of business days, as CSV for the accountant (streamed)', exporter: exportInvoicesCsv },
  { kind: 'credit-notes', summary: 'Every credit note issued in a range of business days, as CSV for the accountant (streamed)', exporter: exportCreditNotesCsv },
];

/** The accountant's exports (issue 23); registered in the admin scope, whose onRequest hook lets admins only. */
export async function exportAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const timeZone = ctx.config.BUSINESS_TIME_ZONE;
  const batchSize = batchSizeFor(ctx.database.driver);

  r.get(
    '/export/defaults',
    {
      schema: {
        summary: "The exports' business time zone and their default range: the last whole month there",
        querystring: ZNoQuery,
        response: { 200: ZAccountingExportDefaults, ...errors(401, 403) },
        security: BEARER,
      },
    },
    async () => ({ time_zone: timeZone, ...lastMonthRange(new Date(), timeZone), max_days: MAX_EXPORT_DAYS }),
  );

  for (const { kind, summary, exporter } of EXPORTS) {
    r.get(
      `/export/${kind}.csv`,
      {
        schema: {
          summary,
          description:
            `\`from\` and \`to\` (YYYY-MM-DD, both included, at most ${MAX_EXPORT_DAYS} days) are business days in BUSINESS_TIME_ZONE (this server: ${timeZone}); ` +
            'dates in the file are days in that zone, amounts plain decimals (1500.00). RFC 4180 with a header row and a UTF-8 byte-order mark; ' +
            'a cell a spreadsheet would run as a formula starts with an apostrophe. Read in keyset batches, each its own short query.',
          querystring: ZAccountingExportQuery,
          response: {
            200: binaryResponse('text/csv', `lentibooth-${kind}-FROM-to-TO.csv, as an attachment`),
            ...errors(400, 401, 403),
          },
          security: BEARER,
        },
      },
      async (req, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${accountingExportFileName(kind, req.query)}"`)
          .header('cache-control', 'private, no-store')
          .send(exporter(ctx.db, exportRange(req.query, timeZone), timeZone, batchSize)),
    );
  }
}
