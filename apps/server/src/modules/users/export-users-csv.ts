import type { Readable } from 'node:stream';
import { and, desc, getTableColumns, sql } from 'drizzle-orm';
import type { TUserExportQuery } from '@lbs/domain/admin-queries';
import { spreadsheetDateTimeInZone } from '@lbs/domain/dates';
import { usersCsvFileName } from '@lbs/domain/users-csv-name';
import type { DbOrTx } from '../../db/client';
import { csvFromBatches } from '../../lib/csv-stream';
import { users } from '../../db/schema';
import { countLicenses } from './count-licenses';
import { userFilters } from './user-filters';

const EXPORT_BATCH_SIZE = 1000;

/** The header row; created_at names the zone its times are in ('created_at (Asia/Singapore)'). */
export const usersCsvColumns = (timeZone: string) =>
  ['id', 'first_name', 'last_name', 'email', 'role', `created_at (${timeZone})`, 'is_email_verified', 'license_count'] as const;

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

/**
 * The users CSV as a stream: RFC 4180 (CRLF, quoted where needed), a header row, formulas defused.
 * created_at is a date and time a spreadsheet reads ('2026-11-26 06:57:09', issue 37) in the
 * exporting admin's time zone (`timeZone`, their preference: the day they see on their screens),
 * and the header names that zone, so the cell is still one exact instant.
 */
export function exportUsersCsv(db: DbOrTx, q: TUserExportQuery, timeZone: string, batchSize = EXPORT_BATCH_SIZE): Readable {
  return csvFromBatches(usersCsvColumns(timeZone), userBatches(db, q, batchSize), (u) => [
    String(u.id),
    u.firstName,
    u.lastName,
    u.email,
    u.role,
    spreadsheetDateTimeInZone(u.createdAt, timeZone),
    u.isEmailVerified ? 'true' : 'false',
    String(u.licenseCount),
  ]);
}
