import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, backupDatabase, restoreDatabase } from '../db/dump-restore';
import { ConfigError } from '../config';
import { DatabaseInUseError } from '../db/client';
import { openCliDatabase, operatorPath } from './cli-database';

const USAGE = `npm run db:backup [-- FILE]
npm run db:restore -- FILE [--replace]

db:backup writes a consistent plain-SQL dump of the database the server uses (PostgreSQL when
DATABASE_URL is set, with the machine's pg_dump; else the embedded PGlite in DATA_DIR, with
PGlite's own pg_dump, while the server is stopped) to FILE, by default backups/lbs-<time>.sql.
db:restore runs such a dump, of either kind, into the database in one transaction: all or
nothing. The database must be empty (a new one) unless --replace, which drops everything in it
first. Start the server afterwards: it migrates the restored data to this version.`;

function stamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { replace: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
  });
  const [command, fileArg] = positionals;
  if (values.help || (command !== 'backup' && command !== 'restore')) {
    console.log(USAGE);
    if (!values.help) process.exitCode = 2;
    return;
  }
  if (command === 'restore' && !fileArg) {
    console.error('Which dump? npm run db:restore -- FILE');
    process.exitCode = 2;
    return;
  }
  const file = operatorPath(fileArg ?? path.join('backups', `lbs-${stamp(new Date())}.sql`));
  const started = performance.now();
  const { database, url, where } = await openCliDatabase();
  try {
    if (command === 'backup') {
      console.log(`Backing up ${where}`);
      const { bytes } = await backupDatabase(database, url, file);
      console.log(`Wrote ${file} (${(bytes / 1_048_576).toFixed(1)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      const shown = path.relative(process.env.INIT_CWD || process.cwd(), file);
      console.log(`Restore it with: npm run db:restore -- ${shown.startsWith("..") ? file : shown}`);
    } else {
      console.log(`Restoring ${file} into ${where}${values.replace ? ' (replacing what is there)' : ''}`);
      const summary = await restoreDatabase(database, file, { replace: values.replace });
      console.log(
        `Restored ${summary.tables} tables, ${summary.rows} rows (${summary.statements} statements) in ` +
          `${((performance.now() - started) / 1000).toFixed(1)} s. Start the server: it brings the data to this version.`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  // Known refusals are one clear line; anything else keeps its stack for the operator.
  console.error(err instanceof BackupError || err instanceof DatabaseInUseError || err instanceof ConfigError ? err.message : err);
  process.exitCode = 1;
});
