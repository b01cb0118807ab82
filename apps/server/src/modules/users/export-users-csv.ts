import type { Readable } from 'node:stream';
import { and, desc, getTableColumns, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import type { TUserExportQuery } from '@lbs/domain/admin-queries';
import { isoDateTimeInZone } from '@lbs/domain/dates';
import { usersCsvFileName } from '@lbs/domain/users-csv-name';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { countLicenses } from './count-licenses';
import { userFilters } from './user-filters';

const EXPORT_BATCH_SIZE = 1000;

const COLUMNS = ['id', 'first_name', 'last_name', 'email', 'role', 'created_at', 'is_email_verified', 'license_count'] as const;

/**
 * A spreadsheet runs a cell starting with one of these as a formula; a leading apostrophe makes it
 * text (OWASP CSV injection, ASVS 5.0 1.2.10).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const neutraliseFormula = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);

/**
 * The file name says the filter that made it and the admin's own calendar day (their display
 * zone: at 07:00 in Singapore UTC is still on yesterday), e.g. users-search-jos-2026-11-26.csv.
 */
export const exportFileName = (q: TUserExportQuery, now: Date, timeZone: string) => usersCsvFileName(q, now, timeZone);

/** Where the last batch ended. created_at stays the database's text: a JS Date has milliseconds
 * only, and a cursor cut to milliseconds would skip rows within that millisecond. */
type ExportCursor = { at: string; id: number };

/** One batch in the list's order (newest first, id as tie-break), after the cursor. */
const readBatch = (db: DbOrTx, q: TUserExportQuery, after: ExportCursor | null, batchSize: number) =>
  db
    .select({ ...getTableColumns(users), cursorAt: sql<string>`${users.createdAt}::text` })
    .from(users)
    .where(and(userFilters(q), after ? sql`(${users.createdAt}, ${users.id}) < (${after.at}::timestamptz, ${after.id})` : undefined))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(batchSize);

/**
 * Every matching user in the list's order, a batch at a time (keyset on (created_at, id), so each
 * batch is an index range and memory stays one batch whatever the total), with the batch's
 * licence counts.
 */
export async function* userBatches(db: DbOrTx, q: TUserExportQuery, batchSize = EXPORT_BATCH_SIZE) {
  let after: ExportCursor | null = null;
  for (;;) {
    const rows = await readBatch(db, q, after, batchSize);
    if (rows.length === 0) return;
    const counts = await countLicenses(db, rows.map((u) => u.id));
    yield rows.map((u) => ({ ...u, licenseCount: counts.get(u.id) ?? 0 }));
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.cursorAt, id: last.id };
  }
}

// A client that hangs up destroys the stream; 'drain' never comes then, 'close' does.
const drainedOrClosed = (s: Readable) =>
  new Promise<void>((resolve) => {
    const done = () => {
      s.off('drain', done);
      s.off('close', done);
      resolve();
    };
    s.on('drain', done);
    s.on('close', done);
  });

/**
 * The users CSV as a stream: RFC 4180 (CRLF, quoted where needed), a header row, formulas defused.
 * created_at is in the exporting admin's time zone (`timeZone`, their preference) with its offset
 * written in ('2026-11-26T06:57:09+08:00'): the day they see on their screens, and still one exact instant.
 */
export function exportUsersCsv(db: DbOrTx, q: TUserExportQuery, timeZone: string, batchSize = EXPORT_BATCH_SIZE): Readable {
  // csv-stringify quotes a field holding the delimiter, a quote or LF, but not a lone CR, which
  // RFC 4180 also requires; quoted_match adds it. The byte-order mark first: without it Excel reads
  // the file in the machine's ANSI code page and shows "JosÃ©" for "José".
  const csv = stringify({ header: true, columns: [...COLUMNS], record_delimiter: 'windows', quoted_match: /\r/, bom: true });
  void (async () => {
    for await (const batch of userBatches(db, q, batchSize)) {
      for (const u of batch) {
        const record = [
          String(u.id),
          neutraliseFormula(u.firstName),
          neutraliseFormula(u.lastName),
          neutraliseFormula(u.email),
          neutraliseFormula(u.role),
          isoDateTimeInZone(u.createdAt, timeZone),
          u.isEmailVerified ? 'true' : 'false',
          String(u.licenseCount),
        ];
        if (!csv.write(record)) await drainedOrClosed(csv);
        if (csv.destroyed) return;
      }
    }
    csv.end();
  })().catch((err: unknown) => csv.destroy(err instanceof Error ? err : new Error(String(err))));
  return csv;
}
