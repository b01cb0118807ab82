import path from 'node:path';
import { loadDatabaseConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { describeUpgrade } from '../db/upgrade-pglite-data';

/**
 * The database the server uses, opened from a command line tool (seed:demo, db:backup,
 * db:restore), found as the server finds it (loadDatabaseConfig): PostgreSQL when DATABASE_URL is
 * set, else PGlite in DATA_DIR. The npm scripts run the tools from apps/server, where `npm start`
 * runs, so a relative DATA_DIR names the same directory for both.
 */
export async function openCliDatabase(): Promise<{ database: Database; url: string | undefined; where: string }> {
  const { DATABASE_URL: url, dataDir } = loadDatabaseConfig();
  const database = await openDatabase({ url, dataDir });
  if (database.upgrade) console.log(describeUpgrade(database.upgrade));
  // Only the database name is shown: the URL may carry a password.
  const where = url ? `PostgreSQL database "${decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres'}"` : `PGlite in ${dataDir}`;
  return { database, url, where };
}

/** A path the operator typed, relative to where they ran npm (npm runs scripts elsewhere). */
export function operatorPath(file: string): string {
  return path.resolve(process.env.INIT_CWD || process.cwd(), file);
}
