import { expect, it } from 'vitest';
import { BackupError, restorableStatement } from './dump-restore';

// The round trip of a whole demo shop through backupDatabase and restoreDatabase, on both drivers,
// is test/backup-restore.test.ts: it seeds with cli/seed-demo, which db/ may not import.

it('takes only plain SQL: psql commands other than \\restrict and COPY from stdin are refused', () => {
  expect(restorableStatement('--\n-- dump\n--\n\n\\restrict abc\n\nSET lock_timeout = 0')).toBe('--\n-- dump\n--\n\n\n\nSET lock_timeout = 0');
  expect(restorableStatement('\n\\unrestrict abc\n')).toBeNull();
  expect(restorableStatement('SET transaction_timeout = 0')).toBeNull();
  expect(() => restorableStatement('\\connect other')).toThrow(BackupError);
  expect(() => restorableStatement('COPY public.users (id) FROM stdin')).toThrow(/COPY FROM stdin/);
  // A value that merely contains such text is data, not a command.
  expect(restorableStatement("INSERT INTO t VALUES ('\\restrict x')")).toBe("INSERT INTO t VALUES ('\\restrict x')");
});
