import type { Db } from '../src/db/client';

interface QueryLogger {
  logQuery(query: string, params: unknown[]): void;
}

/**
 * Runs `work` and counts the statements drizzle sends on `db` meanwhile (prepared ones too: they
 * share the session's logger), on PGlite and PostgreSQL alike. Statements of other work running at
 * the same time count too, so tests call it with nothing else in flight.
 */
export async function countStatements<T>(db: Db, work: () => Promise<T>): Promise<{ result: T; statements: number; sql: string[] }> {
  const logger = (db as unknown as { session: { logger: QueryLogger } }).session.logger;
  const sql: string[] = [];
  const own = Object.prototype.hasOwnProperty.call(logger, 'logQuery');
  const before = logger.logQuery;
  logger.logQuery = function (query, params) {
    sql.push(query);
    before.call(this, query, params);
  };
  try {
    const result = await work();
    return { result, statements: sql.length, sql };
  } finally {
    if (own) logger.logQuery = before;
    else delete (logger as Partial<QueryLogger>).logQuery;
  }
}
