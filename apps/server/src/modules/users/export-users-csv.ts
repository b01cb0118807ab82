import type { Readable } from 'node:stream';
import { and, asc, gt } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import type { TUserExportQuery } from '@lbs/domain/admin-queries';
import { businessDayOf } from '@lbs/domain/report-periods';
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

/** users-YYYY-MM-DD.csv, dated by the business's calendar (Singapore's day, not UTC's: at 07:00 there UTC is still on yesterday). */
export const exportFileName = (now: Date, timeZone: string) => `users-${businessDayOf(now, timeZone)}.csv`;

/**
 * Every matching user, a batch at a time by ascending id (keyset, so each batch is an index range
 * and memory stays one batch whatever the total), with the batch's licence counts.
 */
export async function* userBatches(db: DbOrTx, q: TUserExportQuery, batchSize = EXPORT_BATCH_SIZE) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(users)
      .where(and(userFilters(q), gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    const counts = await countLicenses(db, rows.map((u) => u.id));
    yield rows.map((u) => ({ ...u, licenseCount: counts.get(u.id) ?? 0 }));
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
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

/** The users CSV as a stream: RFC 4180 (CRLF, quoted where needed), a header row, formulas defused. */
export function exportUsersCsv(db: DbOrTx, q: TUserExportQuery, batchSize = EXPORT_BATCH_SIZE): Readable {
  // csv-stringify quotes a field holding the delimiter, a quote or LF, but not a lone CR, which
  // RFC 4180 also requires; quoted_match adds it.
  const csv = stringify({ header: true, columns: [...COLUMNS], record_delimiter: 'windows', quoted_match: /\r/ });
  void (async () => {
    for await (const batch of userBatches(db, q, batchSize)) {
      for (const u of batch) {
        const record = [
          String(u.id),
          neutraliseFormula(u.firstName),
          neutraliseFormula(u.lastName),
          neutraliseFormula(u.email),
          neutraliseFormula(u.role),
          u.createdAt.toISOString(),
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
