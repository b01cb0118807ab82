import path from 'node:path';
import { openDatabase, type Database } from './client';

/**
 * The database the server uses, opened from a command line tool (seed:demo, db:backup,
 * db:restore): PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR, which is relative to
 * apps/server (where `npm start` runs) so both find the same files.
 */
export async function openCliDatabase(): Promise<{ database: Database; url: string | undefined; where: string }> {
  const url = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(path.join(import.meta.dirname, '..', '..'), process.env.DATA_DIR || './data');
  const database = await openDatabase({ url, dataDir });
  // Only the database name is shown: the URL may carry a password.
  const where = url ? `PostgreSQL database "${decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres'}"` : `PGlite in ${dataDir}`;
  return { database, url, where };
}

/** A path the operator typed, relative to where they ran npm (npm runs scripts elsewhere). */
export function operatorPath(file: string): string {
  return path.resolve(process.env.INIT_CWD || process.cwd(), file);
}
